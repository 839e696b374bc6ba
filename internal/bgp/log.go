package bgp

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	gobgplog "github.com/osrg/gobgp/v3/pkg/log"
)

// logger gives GoBGP's log calls to an slog.Logger, under "bgp" and at one level lower
// than GoBGP's own (its Info is per-message chatter such as "Add a peer configuration";
// session changes it logs at Info are repeated by this package's callers at Info).
type logger struct {
	log *slog.Logger
}

func newLogger(l *slog.Logger) *logger { return &logger{log: l.With("component", "bgp")} }

func attrs(fields gobgplog.Fields) []any {
	out := make([]any, 0, 2*len(fields))
	for k, v := range fields {
		out = append(out, k, fmt.Sprint(v))
	}
	return out
}

func (l *logger) Panic(msg string, fields gobgplog.Fields) {
	l.log.Error(msg, attrs(fields)...)
	panic("gobgp: " + msg)
}

// Fatal is GoBGP giving up on the process (a listener it cannot open, say): it exits, as
// GoBGP's own logger would.
func (l *logger) Fatal(msg string, fields gobgplog.Fields) {
	l.log.Error(msg, attrs(fields)...)
	os.Exit(1)
}

func (l *logger) Error(msg string, fields gobgplog.Fields) { l.log.Error(msg, attrs(fields)...) }
func (l *logger) Warn(msg string, fields gobgplog.Fields)  { l.log.Warn(msg, attrs(fields)...) }
func (l *logger) Info(msg string, fields gobgplog.Fields)  { l.log.Debug(msg, attrs(fields)...) }
func (l *logger) Debug(msg string, fields gobgplog.Fields) {}

// SetLevel is GoBGP's; the slog handler's level rules.
func (l *logger) SetLevel(gobgplog.LogLevel) {}

// GetLevel tells GoBGP whether to build its debug messages at all: never (they are per
// packet) but its Info level maps to slog's Debug.
func (l *logger) GetLevel() gobgplog.LogLevel {
	if l.log.Enabled(context.Background(), slog.LevelDebug) {
		return gobgplog.InfoLevel
	}
	return gobgplog.WarnLevel
}
