package logging

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func TestFormats(t *testing.T) {
	var b bytes.Buffer
	l, err := New(&b, "json", slog.LevelInfo, "agent")
	if err != nil {
		t.Fatal(err)
	}
	l.Debug("hidden")
	l.Info("service applied", Forwarder, "fwd-a", Service, "tcp-10.100.0.1-80")
	var line map[string]any
	if err := json.Unmarshal(b.Bytes(), &line); err != nil {
		t.Fatalf("not one JSON line: %q: %v", b.String(), err)
	}
	if line["msg"] != "service applied" || line[Forwarder] != "fwd-a" || line[Service] != "tcp-10.100.0.1-80" ||
		line[Component] != "agent" {
		t.Errorf("line %v", line)
	}
	b.Reset()
	if l, err = New(&b, "", slog.LevelInfo, "controller"); err != nil {
		t.Fatal(err)
	}
	l.Info("x", Real, "10.1.0.11:80")
	if !strings.Contains(b.String(), "component=controller") || !strings.Contains(b.String(), "real=10.1.0.11:80") {
		t.Errorf("text: %q", b.String())
	}
	if _, err := New(&b, "xml", slog.LevelInfo, "agent"); err == nil || !strings.Contains(err.Error(), "--log-format") {
		t.Errorf("xml: %v", err)
	}
}
