export { UsePasskey } from "./components/use-passkey";
