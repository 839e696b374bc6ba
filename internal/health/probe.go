// Package health checks network functions: TCP connect, UDP, SIP OPTIONS, HTTP GET and SCTP
// INIT probes, run every interval by one checker per target, which turns results into up/down
// transitions with rise and fall counts. A Set keeps one checker per key (the agent's
// (service, real)) and reports each transition on a channel.
package health

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Kinds of check.
const (
	KindTCP  = "tcp"  // connect
	KindUDP  = "udp"  // send a datagram; with Expect, a reply must contain it
	KindSIP  = "sip"  // SIP OPTIONS over UDP, any final response but 503
	KindHTTP = "http" // GET, expect 2xx
	KindSCTP = "sctp" // INIT, expect INIT-ACK (then ABORT); raw IP, as root (sctp.go)
)

// Defaults for zero fields (as docs/api.md gives them).
const (
	DefaultInterval = time.Second
	DefaultTimeout  = 500 * time.Millisecond
	DefaultRise     = 2
	DefaultFall     = 3
)

// DefaultUDPPayload is what a UDP check sends when its spec gives nothing: text an
// operator recognises in a capture.
const DefaultUDPPayload = "hvlb-health\n"

// MaxPayload bounds Send and Expect: a datagram that fits any path's MTU.
const MaxPayload = 1024

// Spec is one health check of one target.
type Spec struct {
	Kind     string
	Address  string // IP address of the NF
	Port     uint16
	HTTPPath string // http: the path to GET ("/" when empty)
	// udp: the datagram to send (empty: DefaultUDPPayload). Bytes in a string, so Spec compares
	// with ==.
	Send string
	// udp: the text a reply must contain. Empty: no reply is needed, and only an ICMP port
	// unreachable (or another ICMP error) fails the check.
	Expect   string
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
	case KindTCP, KindUDP, KindSIP, KindHTTP, KindSCTP:
	default:
		return fmt.Errorf("health check kind: %q is not tcp, udp, sip, http or sctp", s.Kind)
	}
	if s.Kind != KindUDP && (s.Send != "" || s.Expect != "") {
		return fmt.Errorf("health check send/expect: only for kind udp, not %s", s.Kind)
	}
	if len(s.Send) > MaxPayload || len(s.Expect) > MaxPayload {
		return fmt.Errorf("health check send/expect: longer than %d bytes", MaxPayload)
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
	case KindSIP:
		err = probeSIP(ctx, s)
	case KindHTTP:
		err = probeHTTP(ctx, s)
	case KindSCTP:
		err = probeSCTP(ctx, s)
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

// dialUDP returns a connected UDP socket to the target with the probe's deadline: connected,
// so that an ICMP error about the target comes back on read (ECONNREFUSED for port
// unreachable) and datagrams from anyone else are not read.
func dialUDP(ctx context.Context, s Spec) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "udp", s.target())
	if err != nil {
		return nil, describe("connect", s.Timeout, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		c.SetDeadline(dl)
	}
	return c, nil
}

// probeUDP sends s.Send. With s.Expect it wants a reply containing it within the timeout;
// without, it waits the whole timeout for an ICMP error: a reply or silence is up, since
// many UDP NFs (SIP, RTP, syslog) never answer a datagram they do not understand.
func probeUDP(ctx context.Context, s Spec) error {
	c, err := dialUDP(ctx, s)
	if err != nil {
		return err
	}
	defer c.Close()
	payload := s.Send
	if payload == "" {
		payload = DefaultUDPPayload
	}
	if _, err := io.WriteString(c, payload); err != nil {
		return describe("send", s.Timeout, err)
	}
	if s.Expect == "" {
		var buf [512]byte
		if _, err := c.Read(buf[:]); err != nil && !isTimeout(err) {
			return describe("read", s.Timeout, err)
		}
		return nil
	}
	return awaitReply(c, s, func(b []byte) (bool, error) {
		if bytes.Contains(b, []byte(s.Expect)) {
			return true, nil
		}
		return false, &ProbeError{Reason: fmt.Sprintf("reply without %q: %q", s.Expect, clip(b))}
	})
}

// awaitReply reads datagrams until judge settles on one or the timeout ends. judge says
// done, with the verdict, or not done (a datagram to skip), with the reason to report if
// nothing better comes before the timeout.
func awaitReply(c net.Conn, s Spec, judge func([]byte) (bool, error)) error {
	buf := make([]byte, 64<<10)
	var skipped error
	for {
		n, err := c.Read(buf)
		if err != nil {
			if !isTimeout(err) {
				return describe("read", s.Timeout, err)
			}
			if skipped != nil {
				return skipped
			}
			return &ProbeError{Reason: fmt.Sprintf("no reply within %v", s.Timeout), Err: err}
		}
		done, verdict := judge(buf[:n])
		if done {
			return verdict
		}
		skipped = verdict
	}
}

// clip is the start of a reply, for a reason.
func clip(b []byte) []byte {
	if len(b) > 64 {
		return b[:64]
	}
	return b
}

// probeSIP sends a SIP OPTIONS request (RFC 3261 section 11) and wants a final response
// to it. Any final response but 503 is up: a 4xx, 5xx or 6xx still proves that the NF's
// SIP stack receives, parses and answers requests, while 503 is the NF saying it takes no
// more (overload, maintenance: RFC 3261 section 21.5.4). A 1xx is skipped while the
// final response is awaited.
func probeSIP(ctx context.Context, s Spec) error {
	c, err := dialUDP(ctx, s)
	if err != nil {
		return err
	}
	defer c.Close()
	req, callID := sipOptions(c.LocalAddr(), s)
	if _, err := c.Write(req); err != nil {
		return describe("send", s.Timeout, err)
	}
	return awaitReply(c, s, func(b []byte) (bool, error) { return judgeSIP(b, callID) })
}

// sipHost is an address as the host part of a SIP URI or Via (IPv6 in brackets).
func sipHost(a string) string {
	if strings.Contains(a, ":") {
		return "[" + a + "]"
	}
	return a
}

// sipOptions returns an OPTIONS request from local to the target, and its Call-ID. The
// Request-URI has no user part, so it addresses the NF itself, as SIP proxies' own
// keepalives (Kamailio's dispatcher, OpenSIPS) do; rport (RFC 3581) brings the response
// back to the socket's port even through a NAT.
func sipOptions(local net.Addr, s Spec) ([]byte, string) {
	lhost, lport := "0.0.0.0", "0"
	if ua, ok := local.(*net.UDPAddr); ok {
		lhost, lport = ua.IP.String(), strconv.Itoa(ua.Port)
	}
	id := func() string { return strconv.FormatUint(rand.Uint64(), 36) }
	callID := id() + "@" + sipHost(lhost)
	uri := "sip:" + sipHost(s.Address) + ":" + strconv.Itoa(int(s.Port))
	var b strings.Builder
	fmt.Fprintf(&b, "OPTIONS %s SIP/2.0\r\n", uri)
	fmt.Fprintf(&b, "Via: SIP/2.0/UDP %s:%s;branch=z9hG4bK%s;rport\r\n", sipHost(lhost), lport, id())
	b.WriteString("Max-Forwards: 70\r\n")
	fmt.Fprintf(&b, "From: <sip:hvlb@%s>;tag=%s\r\n", sipHost(lhost), id())
	fmt.Fprintf(&b, "To: <%s>\r\n", uri)
	fmt.Fprintf(&b, "Call-ID: %s\r\n", callID)
	b.WriteString("CSeq: 1 OPTIONS\r\n")
	b.WriteString("Accept: application/sdp\r\n")
	b.WriteString("User-Agent: hvlb-agent health check\r\n")
	b.WriteString("Content-Length: 0\r\n\r\n")
	return []byte(b.String()), callID
}

// judgeSIP says whether datagram b is a final response to the request with callID, and
// whether that response means up (see probeSIP).
func judgeSIP(b []byte, callID string) (bool, error) {
	head, _, _ := bytes.Cut(b, []byte("\r\n\r\n"))
	lines := strings.Split(strings.ReplaceAll(string(head), "\r\n", "\n"), "\n")
	status, ok := strings.CutPrefix(lines[0], "SIP/2.0 ")
	code, err := strconv.Atoi(strings.SplitN(status, " ", 2)[0])
	if !ok || err != nil || code < 100 || code > 699 {
		return false, &ProbeError{Reason: fmt.Sprintf("sip: not a SIP response: %q", clip(b))}
	}
	id := ""
	for _, l := range lines[1:] {
		name, val, ok := strings.Cut(l, ":")
		// "i" is Call-ID's compact form (RFC 3261 section 7.3.3).
		if n := strings.TrimSpace(name); ok && (strings.EqualFold(n, "Call-ID") || n == "i") {
			id = strings.TrimSpace(val)
		}
	}
	if id != callID {
		return false, &ProbeError{Reason: fmt.Sprintf("sip: a response to another request (Call-ID %q)", id)}
	}
	switch {
	case code < 200:
		return false, &ProbeError{Reason: "sip: no final response, only " + strings.TrimSpace(status)}
	case code == 503:
		return true, &ProbeError{Reason: "sip: " + strings.TrimSpace(status)}
	}
	return true, nil
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
	if errors.Is(err, syscall.ECONNREFUSED) && stage == "read" {
		// Only an ICMP error makes a UDP read fail this way.
		return &ProbeError{Reason: "read: connection refused (ICMP port unreachable)", Err: err}
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
