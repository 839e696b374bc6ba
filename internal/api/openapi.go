package api

import (
	_ "embed"
	"net/http"
)

// openAPI is the OpenAPI 3 document of every route in routes(); TestOpenAPIMatchesRoutes
// keeps the two in step.
//
//go:embed openapi.json
var openAPI []byte

// OpenAPI returns the OpenAPI document.
func OpenAPI() []byte { return openAPI }

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(openAPI)
}
