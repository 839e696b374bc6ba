package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"syscall"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/fwdquery"
	"hvlb/internal/logging"
	"hvlb/internal/model"
)

// The bounds of POST /v1/capture: the answer comes when the capture has stopped, inside the
// server's write timeout (ctlapp: 60 s), so a capture lasts at most CaptureMaxDurationS.
// The forwarders check their own (proto/fwd.proto Capture) again.
const (
	CaptureMaxDurationS = 50
	CaptureMaxPackets   = 10000
	CaptureMinSnap      = 64
	CaptureMaxSnap      = 9216
	CaptureMaxRate      = 100000
)

// POST /v1/capture: the packets of one flow or one drop reason, taken by every forwarder's
// workers until the capture stops itself (max_packets in all, or duration_s).
func (s *Server) capture(r *http.Request) (int, any, error) {
	var in apitypes.CaptureRequest
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	if err := checkCapture(in); err != nil {
		return 0, nil, err
	}
	fwds, err := s.poolForwarders(r.Context(), in.Forwarder)
	if err != nil {
		return 0, nil, err
	}
	dur := in.DurationS
	if dur == 0 {
		dur = 10
	}
	ctx, cancel := context.WithTimeout(r.Context(), time.Duration(dur)*time.Second+PoolQueryTimeout)
	defer cancel()
	out, err := fwdquery.Capture(ctx, s.c.Queries(), fwds, in)
	var fr *fwdquery.ForwarderRefusal
	if errors.As(err, &fr) && fr.Status == syscall.EBUSY {
		return 0, nil, &httpError{http.StatusConflict, fr.Error()}
	}
	if err != nil {
		return 0, nil, refusalField(err, "capture.")
	}
	// A copy of a client's packets was taken: the journal says whose, and how many ("" is
	// any: a drop reason's capture names no client, a pool-wide one no forwarder).
	s.log.Info("capture", logging.Client, in.Client, "vip", in.VIP, "drop_reason", in.DropReason,
		logging.Forwarder, in.Forwarder, "packets", len(out.Packets), "duration_s", dur)
	return http.StatusOK, out, nil
}

// checkCapture refuses what no forwarder would take, naming the field.
func checkCapture(in apitypes.CaptureRequest) error {
	if in.Protocol != "" && in.Protocol != "tcp" && in.Protocol != "udp" && in.Protocol != "sctp" {
		return &model.FieldError{Field: "protocol", Msg: fmt.Sprintf("%q: want tcp, udp or sctp", in.Protocol)}
	}
	for _, e := range []struct{ name, v string }{{"client", in.Client}, {"vip", in.VIP}} {
		if e.v != "" && !validEndpoint(e.v) {
			return &model.FieldError{Field: e.name, Msg: fmt.Sprintf("%q: want ADDR or ADDR:PORT ([ADDR]:PORT for IPv6)", e.v)}
		}
	}
	flow := in.Client != "" || in.VIP != ""
	switch {
	case in.DropReason != "" && (flow || in.Protocol != ""):
		return &model.FieldError{Field: "drop_reason", Msg: "not with protocol, client or vip (a flow's capture takes its drops too)"}
	case in.DropReason == "" && !flow:
		return &model.FieldError{Field: "client", Msg: "a capture needs client or vip (a flow), or drop_reason"}
	}
	for _, b := range []struct {
		name     string
		v        uint32
		min, max uint32
	}{{"max_packets", in.MaxPackets, 1, CaptureMaxPackets}, {"duration_s", in.DurationS, 1, CaptureMaxDurationS},
		{"snap_len", in.SnapLen, CaptureMinSnap, CaptureMaxSnap}, {"rate_pps", in.RatePPS, 1, CaptureMaxRate}} {
		if b.v != 0 && (b.v < b.min || b.v > b.max) {
			return &model.FieldError{Field: b.name, Msg: fmt.Sprintf("%d: want %d to %d (0: the default)", b.v, b.min, b.max)}
		}
	}
	return nil
}
