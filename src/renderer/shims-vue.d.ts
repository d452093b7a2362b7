// Lets plain .ts files (main.ts) import .vue files; vue-tsc types the components themselves.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
