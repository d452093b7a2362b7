// Renderer entry: styles, the app, then the first load of state and live status.
import { createApp } from 'vue';
import App from './App.vue';
import { startStore } from './store.js';
import './styles.css';

createApp(App).mount('#app');
void startStore();
