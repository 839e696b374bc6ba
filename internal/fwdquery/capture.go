package fwdquery

import (
	"context"
	"sort"
	"sync"
	"syscall"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/pb/fwdpb"
)

// CapturePoll is how often a running capture's packets are read from each forwarder: a
// worker's ring and the forwarder's buffer hold far more than a forwarder's rate limit
// gives in that time.
const CapturePoll = 200 * time.Millisecond

// captureReadMax is the packets one read asks for (the forwarder also bounds the bytes).
const captureReadMax = 1024

// Capture runs one capture on the forwarders fwds at once and returns its packets once each
// forwarder has stopped (at its own max_packets or duration_s), or the pool's packets reach
// max_packets (the others are stopped then). A forwarder that cannot be asked is named in
// Errors; one that refuses the start (a bad field, EINVAL; one running already, EBUSY) fails
// the whole capture, the others stopped first.
func Capture(ctx context.Context, a Asker, fwds []string, r apitypes.CaptureRequest) (apitypes.CaptureResult, error) {
	out := apitypes.CaptureResult{Packets: []apitypes.CapturedPacket{}, Forwarders: []apitypes.CaptureForwarder{},
		Errors: []apitypes.ForwarderError{}}
	start := &fwdpb.Capture{Action: "start", Protocol: r.Protocol, Client: r.Client, Vip: r.VIP,
		DropReason: r.DropReason, MaxPackets: r.MaxPackets, DurationS: r.DurationS, SnapLen: r.SnapLen,
		RatePps: r.RatePPS}
	res := askAll(ctx, a, fwds, start)
	var running []string
	var refusal error
	for i, id := range fwds {
		switch {
		case res[i].err != nil:
			out.Errors = append(out.Errors, apitypes.ForwarderError{Forwarder: id, Error: res[i].err.Error()})
		case res[i].resp.GetStatus() != 0:
			if refusal == nil {
				refusal = &ForwarderRefusal{Forwarder: id, Status: syscall.Errno(res[i].resp.GetStatus()),
					Message: res[i].resp.GetError()}
			}
		default:
			running = append(running, id)
			st := res[i].resp.GetCaptureStatus()
			out.Filter, out.SnapLen = st.GetFilter(), st.GetSnapLen()
		}
	}
	if refusal != nil {
		stopAll(a, running)
		return out, refusal
	}
	max := int(r.MaxPackets)
	if max == 0 {
		max = 1000
	}
	last := map[string]*fwdpb.CaptureStatus{}
	for len(running) > 0 {
		select {
		case <-ctx.Done():
			stopAll(a, running)
			return out, ctx.Err()
		case <-time.After(CapturePoll):
		}
		if len(out.Packets) >= max {
			// The pool has its packets: stop the rest, then read what they hold.
			stopAll(a, running)
		}
		res := askAll(ctx, a, running, &fwdpb.Capture{Action: "read", MaxRead: captureReadMax})
		var still []string
		for i, id := range running {
			st := res[i].resp.GetCaptureStatus()
			if res[i].err != nil || res[i].resp.GetStatus() != 0 || st == nil {
				msg := res[i].resp.GetError()
				if res[i].err != nil {
					msg = res[i].err.Error()
				}
				out.Errors = append(out.Errors, apitypes.ForwarderError{Forwarder: id, Error: "capture read: " + msg})
				continue
			}
			last[id] = st
			for _, p := range st.GetPackets() {
				if len(out.Packets) >= max {
					out.SkippedPool++
					continue
				}
				out.Packets = append(out.Packets, apitypes.CapturedPacket{Forwarder: id, Worker: p.GetWorker(),
					Point: p.GetPoint(), DropReason: p.GetDropReason(), TimeNS: p.GetTimeNs(),
					OrigLen: p.GetOrigLen(), Data: p.GetData()})
			}
			if st.GetRunning() || st.GetBuffered() > 0 {
				still = append(still, id)
			}
		}
		running = still
	}
	for _, id := range fwds {
		if st := last[id]; st != nil {
			out.Forwarders = append(out.Forwarders, apitypes.CaptureForwarder{Forwarder: id, Stopped: st.GetStopped(),
				Taken: st.GetTaken(), SkippedRate: st.GetSkippedRate(), SkippedFull: st.GetSkippedFull(),
				SkippedBudget: st.GetSkippedBudget()})
		}
	}
	sort.SliceStable(out.Packets, func(i, j int) bool { return out.Packets[i].TimeNS < out.Packets[j].TimeNS })
	return out, nil
}

type askResult struct {
	resp *fwdpb.Response
	err  error
}

// askAll puts one Capture to each forwarder of ids at once.
func askAll(ctx context.Context, a Asker, ids []string, m *fwdpb.Capture) []askResult {
	res := make([]askResult, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i].resp, res[i].err = a.Ask(ctx, id, &fwdpb.Request{Op: &fwdpb.Request_Capture{Capture: m}})
		}()
	}
	wg.Wait()
	return res
}

// stopAll stops the captures of ids, also when the caller's context has ended (a client
// that went away): each would stop itself at its deadline, but no later than needed.
func stopAll(a Asker, ids []string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	askAll(ctx, a, ids, &fwdpb.Capture{Action: "stop"})
}
