export { ZakatCategoryName, ZakatCategoryScript } from "./components/zakat-category-script";
