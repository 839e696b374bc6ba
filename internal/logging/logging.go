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

// The attribute names every component uses for what it logs about (docs/operations.md,
// "Logs"). The forwarder's C side writes the same names (forwarder/src/log_kv.h LOG_K_*;
// TestForwarderNames keeps the two in step) and TestLogKeys keeps the Go call sites on
// these constants.
const (
	Forwarder      = "forwarder"       // a forwarder's id
	Service        = "service"         // a service's id (tcp-10.100.0.1-80)
	Real           = "real"            // a real's address:port ([addr]:port for IPv6)
	Client         = "client"          // a client's address:port
	Worker         = "worker"          // a forwarder worker's index
	Peer           = "peer"            // the other end of a session: a BGP or BFD router, a sync peer
	Controller     = "controller"      // a controller's name (--name)
	ControllerAddr = "controller_addr" // a controller's address, as an agent dials it
	Err            = "err"             // why something failed
	Component      = "component"       // the process: forwarder, agent, controller
	Subsystem      = "subsystem"       // the part of a process (bgp, bfd)
)

// Formats are the values of --log-format.
var Formats = []string{"text", "json"}

// New is component's logger (agent, controller), writing lines of format ("text" or "json";
// "" is text) at level and above to w, each with its component.
func New(w io.Writer, format string, level slog.Level, component string) (*slog.Logger, error) {
	opts := &slog.HandlerOptions{Level: level}
	switch format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, opts)).With(Component, component), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)).With(Component, component), nil
	}
	return nil, fmt.Errorf("--log-format %q: want text or json", format)
}
