package dashboard

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

func TestServe(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized) // stands for the API's own authentication
		io.WriteString(w, "api "+r.URL.Path)
	})
	srv := httptest.NewServer(With(api))
	defer srv.Close()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	for _, tc := range []struct {
		method, path string
		status       int
		contentType  string // prefix
		body         string // substring
		location     string
	}{
		{"GET", "/ui/", 200, "text/html", `<form id="login-form">`, ""},
		{"GET", "/ui/app.js", 200, "text/javascript", "sessionStorage", ""},
		{"GET", "/ui/svgchart.js", 200, "text/javascript", "timeChart", ""},
		{"GET", "/ui/rates.js", 200, "text/javascript", "/v1/rates", ""},
		{"GET", "/ui/pool.js", 200, "text/javascript", "/v1/controllers", ""},
		{"GET", "/ui/trace.js", 200, "text/javascript", "/v1/trace", ""},
		{"GET", "/ui/style.css", 200, "text/css", "svg.chart", ""},
		{"GET", "/ui", 301, "", "", "/ui/"},
		{"GET", "/ui/nothing.js", 404, "", "", ""},
		{"POST", "/ui/", 405, "", "", ""},
		// Everything else is the API's, authentication included.
		{"GET", "/v1/services", 401, "", "api /v1/services", ""},
		{"GET", "/uix", 401, "", "api /uix", ""},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.method, tc.path, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s %s: status %d, want %d", tc.method, tc.path, resp.StatusCode, tc.status)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, tc.contentType) {
			t.Errorf("%s %s: Content-Type %q, want %q", tc.method, tc.path, ct, tc.contentType)
		}
		if !strings.Contains(string(b), tc.body) {
			t.Errorf("%s %s: body lacks %q", tc.method, tc.path, tc.body)
		}
		if loc := resp.Header.Get("Location"); loc != tc.location {
			t.Errorf("%s %s: Location %q, want %q", tc.method, tc.path, loc, tc.location)
		}
		if strings.HasPrefix(tc.path, "/ui/") && tc.status == 200 &&
			!strings.Contains(resp.Header.Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("%s %s: no Content-Security-Policy", tc.method, tc.path)
		}
	}
}

// The page loads only files that are embedded, and no script or style inline (the CSP
// forbids them).
func TestIndexReferences(t *testing.T) {
	b, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"#:]+)"`).FindAllStringSubmatch(string(b), -1)
	if len(refs) < 3 {
		t.Fatalf("index.html references %d files, want the stylesheet and scripts", len(refs))
	}
	for _, m := range refs {
		if _, err := static.ReadFile("static/" + m[1]); err != nil {
			t.Errorf("index.html references %s: %v", m[1], err)
		}
	}
	if regexp.MustCompile(`<script>|<style|\sstyle="|\son[a-z]+="`).Match(b) {
		t.Error("index.html has an inline script, style or event handler")
	}
}
