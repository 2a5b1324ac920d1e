// wrangler (and the test pool) import a .wasm file as a compiled WebAssembly.Module: Workers may
// instantiate a module compiled at deploy time, never compile bytes at run time.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
