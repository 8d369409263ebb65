import { benchTemplateRender } from './template-render.js';

await benchTemplateRender();
