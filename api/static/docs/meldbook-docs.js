// Starts Swagger UI from the page's data attributes: the page has no inline script, so its strict CSP holds.
window.addEventListener("load", function () {
  var container = document.getElementById("swagger-ui-container");
  var config = JSON.parse(container.dataset.config || "{}");
  config.url = container.dataset.specUrl;
  config.dom_id = "#swagger-ui-container";
  window.ui = SwaggerUIBundle(config);
});
