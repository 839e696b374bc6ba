package cli

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// client sends requests to the controller.
type client struct {
	base  string
	token string
	http  *http.Client
}

func (e *env) client() (*client, error) {
	server, token, err := e.resolve()
	if err != nil {
		return nil, err
	}
	u, err := url.Parse(server)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, usagef("--server %q: want https://HOST:PORT", server)
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
	return &client{
		base:  strings.TrimRight(server, "/"),
		token: token,
		http:  &http.Client{Transport: tr, Timeout: timeout},
	}, nil
}

// do sends one request; body, when not nil, is sent as JSON. It returns the reply's
// status and body, or an *APIError for a 4xx/5xx.
func (c *client) do(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, explain(c.base, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return 0, nil, fmt.Errorf("%s %s: reading the reply: %w", method, path, err)
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
		return resp.StatusCode, b, ae
	}
	return resp.StatusCode, b, nil
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
	return fmt.Errorf("cannot reach the controller: %w", err)
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
