// Renderer entry: styles, the app, then the first load of state and live status.
import { createApp } from 'vue';
import App from './App.vue';
import { startReviewState } from './review-state.js';
import { startStore } from './store.js';
import './styles.css';

createApp(App).mount('#app');
startReviewState();
void startStore();
