export { TableCaption, TableFrame } from "./components/table-frame";
export { ToBeConfirmed } from "./components/to-be-confirmed";
export { ZakatCategoryName, ZakatCategoryScript } from "./components/zakat-category-script";
