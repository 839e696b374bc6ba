package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"hvlb/internal/controller"
	"hvlb/internal/store"
)

// FuzzRequests sends arbitrary bodies to every endpoint that takes one: the answer is
// never a 5xx, always JSON, and a 400 names a field. (tests/api_fuzz.py does the same
// from the OpenAPI document with schemathesis against a running controller.)
func FuzzRequests(f *testing.F) {
	st, err := store.Open(filepath.Join(f.TempDir(), "c.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	c, err := controller.New(controller.Config{Store: st, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		f.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go c.Run(ctx)
	h := New(Config{Controller: c, Log: slog.New(slog.DiscardHandler)})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/v1/services", strings.NewReader(svcBody)))
	if rec.Code != 201 {
		f.Fatalf("seed service: %d %s", rec.Code, rec.Body)
	}

	targets := []struct{ method, path string }{
		{"POST", "/v1/services"},
		{"PUT", "/v1/services/" + svcID},
		{"POST", "/v1/services/" + svcID + "/reals"},
		{"PATCH", "/v1/services/" + svcID + "/reals/10.1.0.1:80"},
		{"POST", "/v1/lb-requests"},
	}
	for _, seed := range []string{svcBody, `{}`, `{"reals":[{"address":"10.1.0.2"}]}`, `{"weight":5}`,
		`{"protocol":"udp","vip":"fd00::1","port":53,"nfs":[{"address":"fd00::2"}]}`,
		`{"health_check":{"kind":"http","http_path":"/x"}}`, `[`, `{"port":1e99}`, `null`} {
		for i := range targets {
			f.Add(uint8(i), seed)
		}
	}
	f.Fuzz(func(t *testing.T, target uint8, body string) {
		tg := targets[int(target)%len(targets)]
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(tg.method, tg.path, strings.NewReader(body))
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", tg.method, tg.path, body, rec.Code, rec.Body)
		}
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil && rec.Code != http.StatusOK {
			t.Fatalf("%s %s %q: %d, body not JSON: %s", tg.method, tg.path, body, rec.Code, rec.Body)
		}
		if rec.Code == 400 {
			if f, _ := m["field"].(string); f == "" {
				t.Fatalf("%s %s %q: 400 without a field: %s", tg.method, tg.path, body, rec.Body)
			}
		}
	})
}
