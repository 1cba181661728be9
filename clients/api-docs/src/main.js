// The API reference page: Swagger UI on the serving instance's own GET /openapi.yaml, its
// `servers` replaced by the page's origin, so that "Try it out" asks the instance that
// served the page (same origin: no CORS). Nothing is fetched from anywhere else: the
// validator badge is off and every file is served by the service under /docs/.
import { load } from "js-yaml";
import SwaggerUIBundle from "swagger-ui-dist/swagger-ui-bundle.js";

const root = document.getElementById("docs");

async function start() {
  const response = await fetch("/openapi.yaml", { headers: { Accept: "application/yaml" } });
  if (!response.ok) throw new Error(`GET /openapi.yaml answered ${response.status}`);
  const spec = load(await response.text());
  spec.servers = [{ url: window.location.origin, description: "this instance (the page's origin)" }];
  window.ui = SwaggerUIBundle({
    spec,
    domNode: root,
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    showExtensions: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    onComplete: () => root.setAttribute("data-ready", "true"),
  });
}

start().catch((error) => {
  root.textContent = `The API reference could not load this instance's spec: ${error}`;
  root.setAttribute("data-ready", "error");
});
