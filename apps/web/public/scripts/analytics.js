// Analytics placeholder: loaded only after the visitor accepts analytics cookies. Replace with the
// provider's snippet (served from this origin, or allow its host in the API's content security
// policy) once the owner has chosen one.
window.vanyaAnalytics = window.vanyaAnalytics || { loadedAt: new Date().toISOString(), events: [] };
