import { CATALOGUES } from "../../client/i18n";
import { addCatalogues } from "../../client/lib/i18n";

addCatalogues(CATALOGUES);
