/** The API reference: Swagger UI from the locally installed swagger-ui-dist, no CDN. */
export function docsPage(specUrl: string, assets: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Slotwise partner API v2 — reference</title>
  <link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="${assets}/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: ${JSON.stringify(specUrl)}, dom_id: "#reference", deepLinking: true, persistAuthorization: true });
  </script>
</body>
</html>`;
}
