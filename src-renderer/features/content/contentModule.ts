/** The content browser's script (its previews and upload code), loaded when the screen is first opened. */
export const loadContentPage = () => import('./ContentPage');
