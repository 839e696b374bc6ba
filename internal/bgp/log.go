package bgp

import (
	"context"
	"log/slog"

	"hvlb/internal/logging"
)

// newLogger is the slog.Logger GoBGP logs to: the agent's, as subsystem "bgp", one level
// lower than GoBGP's own (its Info is per-message chatter such as "Add a peer configuration";
// the session changes it logs at Info are repeated by this package's callers at Info). Its
// Warn and Error stay: a malformed message from a peer, say.
func newLogger(l *slog.Logger) *slog.Logger {
	return slog.New(lowered{l.With(logging.Subsystem, "bgp").Handler()})
}

// lowered passes records on with Info lowered to Debug (and Debug lower still, so that
// GoBGP's per-packet debugging never shows).
type lowered struct{ slog.Handler }

func lower(l slog.Level) slog.Level {
	switch {
	case l < slog.LevelInfo:
		return slog.LevelDebug - 4
	case l < slog.LevelWarn:
		return slog.LevelDebug
	}
	return l
}

func (h lowered) Enabled(ctx context.Context, l slog.Level) bool {
	return h.Handler.Enabled(ctx, lower(l))
}

func (h lowered) Handle(ctx context.Context, r slog.Record) error {
	r.Level = lower(r.Level)
	return h.Handler.Handle(ctx, r)
}

func (h lowered) WithAttrs(as []slog.Attr) slog.Handler { return lowered{h.Handler.WithAttrs(as)} }
func (h lowered) WithGroup(g string) slog.Handler       { return lowered{h.Handler.WithGroup(g)} }
