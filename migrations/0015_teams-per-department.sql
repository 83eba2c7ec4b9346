-- Every account has at least one team per department (SPEC §5): accounts
-- created before new accounts started with one team per department get the
-- missing departments' default teams. A default name another team of the
-- account already holds is followed by "team".
WITH departments(department, name) AS (
  VALUES
    ('finance', 'Finance'),
    ('marketing', 'Marketing'),
    ('sales', 'Sales'),
    ('operations', 'Operations'),
    ('customerSupport', 'Customer Support'),
    ('hr', 'HR'),
    ('itAndData', 'IT and Data'),
    ('leadership', 'Leadership')
)
INSERT INTO `teams` (`id`, `account_id`, `name`, `department`)
SELECT
  lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' ||
    substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  a.`id`,
  CASE
    WHEN EXISTS (SELECT 1 FROM `teams` n WHERE n.`account_id` = a.`id` AND n.`name` = d.name) THEN d.name || ' team'
    ELSE d.name
  END,
  d.department
FROM `accounts` a
CROSS JOIN departments d
WHERE NOT EXISTS (SELECT 1 FROM `teams` t WHERE t.`account_id` = a.`id` AND t.`department` = d.department);
