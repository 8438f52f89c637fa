// Types of the part of js-md4 Bulwark uses (the package ships none): MD4 computed in JavaScript.
declare module 'js-md4' {
  interface Md4 {
    (message: string | ArrayBuffer | Uint8Array): string;
    arrayBuffer(message: ArrayBuffer | Uint8Array): ArrayBuffer;
  }
  const md4: Md4;
  export default md4;
}
