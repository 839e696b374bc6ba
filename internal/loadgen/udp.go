package loadgen

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"os"
	"sync/atomic"
	"time"
)

// A UDP request carries its sequence number and send time; nfsim echoes it after
// "nf=<name> ".
const udpHeader = 16

func putUDPHeader(b []byte, seq uint64, sent time.Time) {
	binary.BigEndian.PutUint64(b[0:8], seq)
	binary.BigEndian.PutUint64(b[8:16], uint64(sent.UnixNano()))
}

// parseUDPReply splits a reply into the NF's name, the echoed sequence number, its send
// time and the echoed payload length.
func parseUDPReply(b []byte) (nf string, seq uint64, sent time.Time, n int, err error) {
	rest, ok := bytes.CutPrefix(b, []byte("nf="))
	if !ok {
		return "", 0, time.Time{}, 0, fmt.Errorf("reply of %d bytes: no nf= prefix", len(b))
	}
	i := bytes.IndexByte(rest, ' ')
	if i < 0 {
		return "", 0, time.Time{}, 0, fmt.Errorf("reply of %d bytes: no space after nf=", len(b))
	}
	nf, payload := string(rest[:i]), rest[i+1:]
	if len(payload) < udpHeader {
		return nf, 0, time.Time{}, 0, fmt.Errorf("reply from %s: payload %d bytes, want >= %d",
			nf, len(payload), udpHeader)
	}
	seq = binary.BigEndian.Uint64(payload[0:8])
	sent = time.Unix(0, int64(binary.BigEndian.Uint64(payload[8:16])))
	return nf, seq, sent, len(payload), nil
}

func (f *flow) runUDP(ctx context.Context) {
	c, err := f.dial(ctx, "udp")
	if err != nil {
		f.fail(err)
		return
	}
	defer c.Close()
	if f.cfg.Rate == 0 {
		f.udpClosedLoop(ctx, c)
		return
	}
	f.udpOpenLoop(ctx, c)
}

// udpClosedLoop keeps one request outstanding: send, wait for its reply or the timeout.
func (f *flow) udpClosedLoop(ctx context.Context, c net.Conn) {
	out := make([]byte, f.cfg.Size)
	in := make([]byte, 65536)
	for seq := uint64(0); f.live(ctx); seq++ {
		putUDPHeader(out, seq, time.Now())
		if _, err := c.Write(out); err != nil {
			f.fail(fmt.Errorf("udp send: %w", err))
			sleepCtx(ctx, backoff)
			continue
		}
		f.sent++
		c.SetReadDeadline(time.Now().Add(f.cfg.Timeout))
		for {
			k, err := c.Read(in)
			if err != nil {
				if !errors.Is(err, os.ErrDeadlineExceeded) {
					f.fail(fmt.Errorf("udp receive: %w", err))
					sleepCtx(ctx, backoff)
				}
				break
			}
			nf, rseq, sent, n, err := parseUDPReply(in[:k])
			if err != nil {
				f.fail(err)
				continue
			}
			if rseq != seq {
				continue // a late reply to a request already counted lost
			}
			st := f.nf(nf)
			st.requests++
			st.bytes += int64(n)
			st.samples = append(st.samples, time.Since(sent))
			break
		}
	}
	f.lost = f.sent - f.received()
}

func (f *flow) received() int64 {
	var n int64
	for _, st := range f.byNF {
		n += st.requests
	}
	return n
}

// udpOpenLoop sends at the flow's rate whatever the replies do; a receiver goroutine
// collects them until every datagram is answered or a grace time after the end.
func (f *flow) udpOpenLoop(ctx context.Context, c net.Conn) {
	var sentTotal, got atomic.Int64
	sentTotal.Store(-1)
	// The receiver fills its own map; the flow takes it over once it is done.
	rx := newFlow(f.id, f.cfg, f.start, f.end)
	done := make(chan struct{})
	go func() {
		defer close(done)
		in := make([]byte, 65536)
		c.SetReadDeadline(f.end.Add(f.cfg.Timeout))
		for {
			k, err := c.Read(in)
			if err != nil {
				if !errors.Is(err, os.ErrDeadlineExceeded) && !errors.Is(err, net.ErrClosed) {
					rx.fail(fmt.Errorf("udp receive: %w", err))
				}
				return
			}
			nf, _, sent, n, err := parseUDPReply(in[:k])
			if err != nil {
				rx.fail(err)
				continue
			}
			st := rx.nf(nf)
			st.requests++
			st.bytes += int64(n)
			st.samples = append(st.samples, time.Since(sent))
			if g, t := got.Add(1), sentTotal.Load(); t >= 0 && g >= t {
				return
			}
		}
	}()

	out := make([]byte, f.cfg.Size)
	p := f.flowPacer()
	for seq := uint64(0); p.wait(ctx, f.end); seq++ {
		putUDPHeader(out, seq, time.Now())
		if _, err := c.Write(out); err != nil {
			// ECONNREFUSED from an earlier ICMP unreachable, or a full socket buffer.
			f.fail(fmt.Errorf("udp send: %w", err))
			continue
		}
		f.sent++
	}
	sentTotal.Store(f.sent)
	grace := min(f.cfg.Timeout, time.Second)
	if got.Load() >= f.sent {
		grace = 0 // everything is answered: wake the receiver now
	}
	c.SetReadDeadline(time.Now().Add(grace))
	<-done
	f.byNF = rx.byNF
	f.errors += rx.errors
	if rx.lastErr != "" {
		f.lastErr = rx.lastErr
	}
	f.lost = max(0, f.sent-f.received())
}
