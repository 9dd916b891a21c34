/** Every node the renderer makes comes from here: elements by tag name and text nodes, never parsed markup. */
export const el = (tag: string): HTMLElement => document.createElement(tag);
export const textNode = (s: string): Text => document.createTextNode(s);
export const fragment = (): DocumentFragment => document.createDocumentFragment();
