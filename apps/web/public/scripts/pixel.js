// Marketing pixel placeholder: loaded only after the visitor accepts marketing cookies. Replace
// with the advertising provider's pixel once the owner has chosen one.
window.vanyaPixel = window.vanyaPixel || { loadedAt: new Date().toISOString(), events: [] };
