// Package logging makes the Go components' loggers: text (logfmt, the default) or JSON lines,
// for journald or a log shipper, with the same attribute names for the same things in every
// component, so that one query finds a forwarder's or a service's lines wherever they come
// from (docs/operations.md, "Logs").
package logging

import (
	"fmt"
	"io"
	"log/slog"
)

// The attribute names every component uses for what it logs about.
const (
	Forwarder = "forwarder" // a forwarder's id
	Service   = "service"   // a service's id (tcp-10.100.0.1-80)
	Real      = "real"      // a real's address:port
	Client    = "client"    // a client's address:port
	Component = "component" // the part of a process (bgp, bfd, policy)
)

// Formats are the values of --log-format.
var Formats = []string{"text", "json"}

// New is a logger writing lines of format ("text" or "json"; "" is text) at level and above
// to w.
func New(w io.Writer, format string, level slog.Level) (*slog.Logger, error) {
	opts := &slog.HandlerOptions{Level: level}
	switch format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format %q: want text or json", format)
}
