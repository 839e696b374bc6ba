package nfsim

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"time"
)

// maxUDPPayload is the largest IPv4 UDP payload.
const maxUDPPayload = 65507

// serveUDP answers every datagram with "nf=<name> " followed by the datagram. Requests over
// the rate cap are dropped. Several readers share one socket, one per core.
func (s *Server) serveUDP(ctx context.Context, c *net.UDPConn, fail func(error)) {
	pre := len(s.prefix)
	buf := make([]byte, maxUDPPayload)
	copy(buf, s.prefix)
	rx := s.m.rxBytes.WithLabelValues(protoUDP)
	reqs := s.m.requests.WithLabelValues(protoUDP)
	lat := s.m.latency.WithLabelValues(protoUDP)
	drops := s.m.dropped.WithLabelValues(protoUDP, "rate_limit")
	for {
		n, from, err := c.ReadFromUDPAddrPort(buf[pre:])
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, net.ErrClosed) {
				fail(fmt.Errorf("nfsim %s: udp read %s: %w", s.cfg.Name, c.LocalAddr(), err))
			}
			return
		}
		rx.Add(float64(n))
		start := time.Now()
		if !s.limiter.Allow() {
			drops.Inc()
			continue
		}
		st := s.Settings()
		doWork(st.Work())
		reply := buf[:pre+n]
		if d := st.Delay(); d > 0 {
			reply = append([]byte(nil), reply...)
			time.AfterFunc(d, func() {
				if ctx.Err() == nil {
					s.sendUDP(c, reply, from)
					reqs.Inc()
					lat.Observe(time.Since(start).Seconds())
				}
			})
			continue
		}
		s.sendUDP(c, reply, from)
		reqs.Inc()
		lat.Observe(time.Since(start).Seconds())
	}
}

func (s *Server) sendUDP(c *net.UDPConn, b []byte, to netip.AddrPort) {
	if len(b) > maxUDPPayload {
		b = b[:maxUDPPayload]
	}
	if n, err := c.WriteToUDPAddrPort(b, to); err == nil {
		s.m.txBytes.WithLabelValues(protoUDP).Add(float64(n))
	}
}
