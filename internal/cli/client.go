package cli

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/certs"
	"hvlb/internal/model"
)

// APIError is the controller's error reply: {"error": ..., "field": ...}.
type APIError struct {
	Status  int
	Message string
	Field   string
}

func (a *APIError) Error() string {
	msg := a.Message
	if msg == "" {
		msg = http.StatusText(a.Status)
	}
	if a.Field != "" && !strings.Contains(msg, a.Field) {
		msg += " (field " + a.Field + ")"
	}
	return fmt.Sprintf("%s [HTTP %d]", msg, a.Status)
}

// about prefixes err with what it is about, unless it is the server's message and that
// already names the object (key).
func about(err error, what, key string) error {
	var ae *APIError
	if errors.As(err, &ae) && strings.Contains(ae.Message, key) {
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// groupDialTimeout bounds the connect to each of several controllers (a group's, in
// --server): a controller's host answers a SYN in a round trip, so one that has not
// answered within it is taken as gone and the next is asked. With one controller, the
// connect has the whole --timeout.
const groupDialTimeout = 2 * time.Second

// client sends requests to the controller, or to one of a group's controllers: it tries
// them in turn, from the last one that answered (see do).
type client struct {
	bases []string
	cur   int // index in bases of the one to try first
	token string
	http  *http.Client
}

func (e *env) client() (*client, error) {
	server, token, err := e.resolve()
	if err != nil {
		return nil, err
	}
	var bases []string
	for _, one := range strings.Split(server, ",") {
		one = strings.TrimSpace(one)
		u, err := url.Parse(one)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return nil, usagef("--server %q: want https://HOST:PORT (several: comma-separated)", one)
		}
		bases = append(bases, strings.TrimRight(one, "/"))
	}
	tlsCfg, err := certs.ClientTLS(e.g.ca, e.g.cert, e.g.key)
	if err != nil {
		return nil, err
	}
	timeout := e.g.timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = tlsCfg
	if len(bases) > 1 {
		// A controller whose host vanished (no reset: its SYNs go unanswered) must not hold
		// every command for the whole --timeout before the next controller is asked.
		tr.DialContext = (&net.Dialer{Timeout: groupDialTimeout, KeepAlive: 30 * time.Second}).DialContext
	}
	return &client{
		bases: bases,
		token: token,
		http:  &http.Client{Transport: tr, Timeout: timeout},
	}, nil
}

// do sends one request; body, when not nil, is sent as JSON. It returns the reply's
// status and body, or an *APIError for a 4xx/5xx. With several servers, it goes on to the
// next one when a server cannot be reached (for a write, only when the connection was never
// made: a write that reached a server may have been applied) or answers that it is not the
// group's leader for a request only the leader takes.
func (c *client) do(method, path string, body any) (int, []byte, error) {
	var data []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		data = b
	}
	var status int
	var reply []byte
	var err error
	for tried := 0; tried < len(c.bases); tried++ {
		i := (c.cur + tried) % len(c.bases)
		var sent bool
		status, reply, sent, err = c.doOn(c.bases[i], method, path, body != nil, data)
		var ae *APIError
		switch {
		case err == nil:
			c.cur = i
			return status, reply, nil
		case errors.As(err, &ae):
			if ae.Status == http.StatusServiceUnavailable && strings.Contains(ae.Message, "not the leader") {
				continue
			}
			c.cur = i
			return status, reply, err
		case sent && method != http.MethodGet:
			return status, reply, err
		}
	}
	return status, reply, err
}

// doOn sends the request to one server; sent says whether it may have reached it.
func (c *client) doOn(base, method, path string, hasBody bool, data []byte) (int, []byte, bool, error) {
	var rd io.Reader
	if hasBody {
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		return 0, nil, false, err
	}
	req.Header.Set("Accept", "application/json")
	if hasBody {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var op *net.OpError
		sent := !(errors.As(err, &op) && op.Op == "dial")
		return 0, nil, sent, explain(base, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return 0, nil, true, fmt.Errorf("%s %s: reading the reply: %w", method, path, err)
	}
	if resp.StatusCode >= 400 {
		ae := &APIError{Status: resp.StatusCode}
		var eb apitypes.Error
		if json.Unmarshal(b, &eb) == nil && eb.Error != "" {
			ae.Message, ae.Field = eb.Error, eb.Field
		} else {
			ae.Message = strings.TrimSpace(string(b))
			if len(ae.Message) > 200 {
				ae.Message = ae.Message[:200] + "..."
			}
		}
		return resp.StatusCode, b, true, ae
	}
	return resp.StatusCode, b, true, nil
}

// explain adds what to do about the usual connection failures.
func explain(base string, err error) error {
	var ua x509.UnknownAuthorityError
	var hn x509.HostnameError
	switch {
	case errors.As(err, &ua):
		return fmt.Errorf("%s: %w (give the controller's CA with --ca, HVLB_CA or --certs)", base, err)
	case errors.As(err, &hn):
		return fmt.Errorf("%s: %w (certs init --hosts names the controller's addresses)", base, err)
	case strings.Contains(err.Error(), "certificate required"):
		return fmt.Errorf("%s: %w (the controller wants a client certificate: --cert and --key, or --certs)", base, err)
	}
	return fmt.Errorf("cannot reach the controller %s: %w", base, err)
}

// get fetches path and decodes the JSON reply into out (unless out is nil).
func (c *client) get(path string, out any) ([]byte, error) {
	_, b, err := c.do(http.MethodGet, path, nil)
	if err != nil {
		return nil, err
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return nil, fmt.Errorf("GET %s: the reply is not what docs/api.md describes: %w", path, err)
		}
	}
	return b, nil
}

// servicePath is /v1/services/{id}, escaped.
func servicePath(id string) string { return "/v1/services/" + url.PathEscape(id) }

// realPath is /v1/services/{id}/reals/{addr}:{port}, with IPv6 as [addr]:port, escaped.
func realPath(id string, ap netip.AddrPort) string {
	return servicePath(id) + "/reals/" + url.PathEscape(ap.String())
}

// parseAddrPort reads ADDR:PORT, or [ADDR]:PORT for IPv6.
func parseAddrPort(what, s string) (netip.AddrPort, error) {
	ap, err := netip.ParseAddrPort(s)
	if err == nil && ap.Addr().Zone() == "" {
		return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()), nil
	}
	if a, err := netip.ParseAddr(s); err == nil {
		if a.Is6() {
			return netip.AddrPort{}, usagef("%s %q: want [ADDR]:PORT (IPv6 in brackets, with a port)", what, s)
		}
		return netip.AddrPort{}, usagef("%s %q: want ADDR:PORT (no port given)", what, s)
	}
	return netip.AddrPort{}, usagef("%s %q: want ADDR:PORT or [IPv6]:PORT", what, s)
}

// parseNF reads ADDR:PORT[:WEIGHT] (IPv6: [ADDR]:PORT[:WEIGHT]); the weight is
// model.DefaultWeight when not given.
func parseNF(s string) (netip.AddrPort, int, error) {
	hostPort, weight := s, ""
	if strings.HasPrefix(s, "[") {
		if i := strings.Index(s, "]"); i > 0 {
			if rest := s[i+1:]; strings.Count(rest, ":") == 2 {
				j := strings.LastIndex(s, ":")
				hostPort, weight = s[:j], s[j+1:]
			}
		}
	} else if strings.Count(s, ":") == 2 {
		j := strings.LastIndex(s, ":")
		hostPort, weight = s[:j], s[j+1:]
	}
	ap, err := parseAddrPort("--nf", hostPort)
	if err != nil {
		return ap, 0, usagef("--nf %q: want ADDR:PORT[:WEIGHT] ([IPv6]:PORT[:WEIGHT])", s)
	}
	if weight == "" {
		return ap, model.DefaultWeight, nil
	}
	w, err := strconv.ParseUint(weight, 10, 32)
	if err != nil {
		return ap, 0, usagef("--nf %q: weight %q is not a number", s, weight)
	}
	return ap, int(w), nil
}
