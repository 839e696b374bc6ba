// Package loadgen is the lab's load generator: N concurrent TCP flows (HTTP GETs over
// keep-alive connections, or raw bulk streams to hvlb-nfsim's bulk port) or UDP
// request/response at a set rate, for a set time. It reports per flow and in total the
// throughput, RTT percentiles, errors and which NF answered (every nfsim reply names it).
package loadgen

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"
)

// Mode is the kind of traffic.
type Mode string

// Traffic modes.
const (
	// ModeHTTP sends GET requests (or whatever Path names) over one keep-alive connection
	// per flow; RTT is the time from request to the last byte of the reply.
	ModeHTTP Mode = "http"
	// ModeTCP streams bulk data over one connection per flow, from the NF (download) or to
	// it (upload); RTT is the kernel's smoothed RTT of the connection (TCP_INFO), sampled.
	ModeTCP Mode = "tcp"
	// ModeUDP sends datagrams from one socket per flow; RTT is per datagram.
	ModeUDP Mode = "udp"
)

// ErrConfig is wrapped by every configuration error.
var ErrConfig = errors.New("invalid loadgen config")

// Config describes one run.
type Config struct {
	Mode Mode
	// Target is host:port of the service (a VIP, or an NF directly).
	Target string
	// Flows is the number of concurrent flows (connections or UDP sockets).
	Flows int
	// Duration is how long traffic is sent.
	Duration time.Duration
	// Path is the HTTP request path (default "/"); "/bytes?n=N" downloads N bytes.
	Path string
	// Upload makes TCP flows send to the NF's sink instead of reading its source.
	Upload bool
	// TransferBytes makes each TCP flow a loop of back-to-back transfers of this many bytes,
	// each on a new connection (so a load balancer places every transfer anew), instead of
	// one stream for the whole run: a download asks the NF's source for them ("source N");
	// an upload sends them to its sink, half-closes and waits for the NF to close, i.e. to
	// have read them all. The time of each completed transfer is reported (Transfer).
	// 0: one unbounded stream per flow.
	TransferBytes int64
	// Warmup (tcp mode) is the first part of Duration whose traffic is sent but not
	// counted: bytes, connections, RTT samples and transfers ending in it are left out, and
	// rates are over Duration − Warmup. It lets a closed loop settle before it is measured.
	Warmup time.Duration
	// NewConn makes HTTP flows open a new connection for every request (short
	// connections, as a load balancer's new-connection path sees them).
	NewConn bool
	// Rate is the total requests (HTTP) or datagrams (UDP) per second over all flows;
	// 0 is closed loop: each flow sends its next request when the last one is answered.
	Rate float64
	// Size is the UDP payload size in bytes (at least 16).
	Size int
	// Timeout bounds a connect or one request.
	Timeout time.Duration
	// Bind is the local IP address to send from (empty: the kernel chooses).
	Bind string
}

// Validate checks cfg and fills in defaults.
func (c *Config) Validate() error {
	switch c.Mode {
	case ModeHTTP, ModeTCP, ModeUDP:
	default:
		return fmt.Errorf("mode %q: want http, tcp or udp: %w", c.Mode, ErrConfig)
	}
	if _, _, err := net.SplitHostPort(c.Target); err != nil {
		return fmt.Errorf("target %q: %v: %w", c.Target, err, ErrConfig)
	}
	if c.Flows < 1 || c.Flows > 100000 {
		return fmt.Errorf("flows %d: want 1..100000: %w", c.Flows, ErrConfig)
	}
	if c.Duration <= 0 {
		return fmt.Errorf("duration %v: must be positive: %w", c.Duration, ErrConfig)
	}
	if c.Rate < 0 {
		return fmt.Errorf("rate %v: must not be negative: %w", c.Rate, ErrConfig)
	}
	if c.Warmup < 0 || c.Warmup >= c.Duration || (c.Warmup > 0 && c.Mode != ModeTCP) {
		return fmt.Errorf("warmup %v: want 0, or less than the duration in tcp mode: %w", c.Warmup, ErrConfig)
	}
	if c.TransferBytes < 0 || (c.TransferBytes > 0 && c.Mode != ModeTCP) {
		return fmt.Errorf("transfer bytes %d: want 0, or more in tcp mode: %w", c.TransferBytes, ErrConfig)
	}
	if c.Path == "" {
		c.Path = "/"
	}
	if c.Path[0] != '/' {
		return fmt.Errorf("path %q: must start with /: %w", c.Path, ErrConfig)
	}
	if c.Size == 0 {
		c.Size = 64
	}
	if c.Size < udpHeader || c.Size > 65000 {
		return fmt.Errorf("size %d: want %d..65000: %w", c.Size, udpHeader, ErrConfig)
	}
	if c.Timeout <= 0 {
		c.Timeout = 2 * time.Second
	}
	if c.Bind != "" {
		if _, err := netip.ParseAddr(c.Bind); err != nil {
			return fmt.Errorf("bind %q: %v: %w", c.Bind, err, ErrConfig)
		}
	}
	return nil
}

// flowRate is the request rate of one flow (0: closed loop).
func (c *Config) flowRate() float64 { return c.Rate / float64(c.Flows) }

// Run sends the traffic and returns the report. It ends early, with what was measured so
// far, if ctx ends.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	end := start.Add(cfg.Duration)
	ctx, cancel := context.WithDeadline(ctx, end)
	defer cancel()

	flows := make([]*flow, cfg.Flows)
	var wg sync.WaitGroup
	for i := range flows {
		f := newFlow(i, &cfg, start, end)
		flows[i] = f
		wg.Go(func() {
			switch cfg.Mode {
			case ModeHTTP:
				f.runHTTP(ctx)
			case ModeTCP:
				f.runTCP(ctx)
			case ModeUDP:
				f.runUDP(ctx)
			}
			f.stopped = time.Now()
		})
	}
	wg.Wait()
	return buildReport(&cfg, start, flows), nil
}

// dialer returns a dialer bound to cfg.Bind.
func (c *Config) dialer(network string) *net.Dialer {
	d := &net.Dialer{Timeout: c.Timeout}
	if c.Bind != "" {
		ip := net.ParseIP(c.Bind)
		switch network {
		case "udp":
			d.LocalAddr = &net.UDPAddr{IP: ip}
		default:
			d.LocalAddr = &net.TCPAddr{IP: ip}
		}
	}
	return d
}

// pacer spaces the requests of one flow at a fixed rate; a zero pacer never waits.
type pacer struct {
	start    time.Time
	interval time.Duration
	sent     int64
}

func newPacer(start time.Time, rate float64) pacer {
	if rate <= 0 {
		return pacer{}
	}
	return pacer{start: start, interval: time.Duration(float64(time.Second) / rate)}
}

// wait blocks until the next request is due; it returns false if the run ends first.
func (p *pacer) wait(ctx context.Context, end time.Time) bool {
	if p.interval == 0 {
		return ctx.Err() == nil && time.Now().Before(end)
	}
	next := p.start.Add(time.Duration(p.sent) * p.interval)
	p.sent++
	d := time.Until(next)
	if d <= 0 {
		return ctx.Err() == nil && time.Now().Before(end)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return time.Now().Before(end)
	}
}

// sleepCtx sleeps d unless ctx ends first.
func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
