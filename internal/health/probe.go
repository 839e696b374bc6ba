// Package health checks network functions: TCP connect, UDP request/response and HTTP GET
// probes, run every interval by one checker per target, which turns results into up/down
// transitions with rise and fall counts. A Set keeps one checker per key (the agent's
// (service, real)) and reports each transition on a channel.
package health

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"time"
)

// Kinds of check.
const (
	KindTCP  = "tcp"  // connect
	KindUDP  = "udp"  // send a datagram, expect any reply
	KindHTTP = "http" // GET, expect 2xx
)

// Defaults for zero fields (as docs/api.md gives them).
const (
	DefaultInterval = time.Second
	DefaultTimeout  = 500 * time.Millisecond
	DefaultRise     = 2
	DefaultFall     = 3
)

// udpPayload is what a UDP check sends; any reply counts.
var udpPayload = []byte("hvlb-health\n")

// Spec is one health check of one target.
type Spec struct {
	Kind     string
	Address  string // IP address of the NF
	Port     uint16
	HTTPPath string // http: the path to GET ("/" when empty)
	Interval time.Duration
	Timeout  time.Duration // capped at Interval
	Rise     int           // consecutive successes to mark a down target up
	Fall     int           // consecutive failures to mark a target down
}

// WithDefaults fills zero fields with the defaults.
func (s Spec) WithDefaults() Spec {
	if s.Interval <= 0 {
		s.Interval = DefaultInterval
	}
	if s.Timeout <= 0 {
		s.Timeout = DefaultTimeout
	}
	if s.Timeout > s.Interval {
		s.Timeout = s.Interval
	}
	if s.Rise <= 0 {
		s.Rise = DefaultRise
	}
	if s.Fall <= 0 {
		s.Fall = DefaultFall
	}
	if s.Kind == KindHTTP && s.HTTPPath == "" {
		s.HTTPPath = "/"
	}
	return s
}

// Validate says what is wrong with a spec, naming the field.
func (s Spec) Validate() error {
	switch s.Kind {
	case KindTCP, KindUDP, KindHTTP:
	default:
		return fmt.Errorf("health check kind: %q is not tcp, udp or http", s.Kind)
	}
	if net.ParseIP(s.Address) == nil {
		return fmt.Errorf("health check address: %q is not an IP address", s.Address)
	}
	if s.Port == 0 {
		return fmt.Errorf("health check port: none (the real keeps the client's port; set check_port)")
	}
	return nil
}

func (s Spec) target() string {
	return net.JoinHostPort(s.Address, strconv.Itoa(int(s.Port)))
}

// Probe runs one check of s (with defaults applied) and returns nil on success, else an
// error whose text is a short reason ("connect: connection refused").
func Probe(ctx context.Context, s Spec) error {
	s = s.WithDefaults()
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	var err error
	switch s.Kind {
	case KindTCP:
		err = probeTCP(ctx, s)
	case KindUDP:
		err = probeUDP(ctx, s)
	case KindHTTP:
		err = probeHTTP(ctx, s)
	default:
		return s.Validate()
	}
	return err
}

// ProbeError is a failed probe; its text is the reason a transition reports.
type ProbeError struct {
	Reason string
	Err    error
}

func (e *ProbeError) Error() string { return e.Reason }
func (e *ProbeError) Unwrap() error { return e.Err }

func probeTCP(ctx context.Context, s Spec) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", s.target())
	if err != nil {
		return describe("connect", s.Timeout, err)
	}
	c.Close()
	return nil
}

func probeUDP(ctx context.Context, s Spec) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "udp", s.target())
	if err != nil {
		return describe("connect", s.Timeout, err)
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		c.SetDeadline(dl)
	}
	if _, err := c.Write(udpPayload); err != nil {
		return describe("send", s.Timeout, err)
	}
	// A connected UDP socket gets the ICMP port unreachable as ECONNREFUSED on read.
	var buf [512]byte
	if _, err := c.Read(buf[:]); err != nil {
		if isTimeout(err) {
			return &ProbeError{Reason: fmt.Sprintf("no reply within %v", s.Timeout), Err: err}
		}
		return describe("read", s.Timeout, err)
	}
	return nil
}

// httpClient makes a new connection for every check (the check is of the NF, not of a
// pooled connection), follows no redirect (a 3xx is not a 2xx) and ignores proxies.
var httpClient = &http.Client{
	Transport: &http.Transport{DisableKeepAlives: true, Proxy: nil},
	CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	},
}

func probeHTTP(ctx context.Context, s Spec) error {
	u := url.URL{Scheme: "http", Host: s.target(), Path: s.HTTPPath}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return &ProbeError{Reason: "http: " + err.Error(), Err: err}
	}
	req.Header.Set("User-Agent", "hvlb-agent health check")
	resp, err := httpClient.Do(req)
	if err != nil {
		return describe("http", s.Timeout, err)
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &ProbeError{Reason: "http: status " + resp.Status}
	}
	return nil
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		(errors.As(err, &ne) && ne.Timeout())
}

// describe turns Go's long network errors into the short reasons an operator reads:
// "connect: connection refused", "connect: timeout after 500ms".
func describe(stage string, timeout time.Duration, err error) error {
	if isTimeout(err) {
		return &ProbeError{Reason: fmt.Sprintf("%s: timeout after %v", stage, timeout), Err: err}
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		return &ProbeError{Reason: se.Syscall + ": " + se.Err.Error(), Err: err}
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return &ProbeError{Reason: stage + ": " + oe.Err.Error(), Err: err}
	}
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		return &ProbeError{Reason: stage + ": " + ue.Err.Error(), Err: err}
	}
	return &ProbeError{Reason: stage + ": " + err.Error(), Err: err}
}
