// Package fwdclient is a client of one forwarder's local control API (proto/fwd.proto): a
// Unix stream socket on which each message is a 4-byte big-endian length followed by a
// serialized Request, answered in order by one Response.
//
// A Client holds one connection, opened on first use and opened again on the next call
// after the socket goes away (the forwarder restarted), so callers never dial themselves.
// Calls are serialised: one request is in flight at a time, which is what the protocol
// allows on one connection. A Response whose status is not 0 becomes an *Error carrying the
// forwarder's message and its errno.
package fwdclient

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"syscall"
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/pb/fwdpb"
)

// MaxMessage bounds a reply: a larger length prefix means the framing is lost.
const MaxMessage = 64 << 20

// DefaultTimeout bounds one call when the context has no earlier deadline.
const DefaultTimeout = 10 * time.Second

// Error is a Response with a non-zero status.
type Error struct {
	Op      string        // the request's op, e.g. "add_real"
	Status  syscall.Errno // a positive errno value (EINVAL, ENOENT, EEXIST, ENOSPC...)
	Message string        // the forwarder's message, naming the field at fault
}

func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = e.Status.Error()
	}
	return fmt.Sprintf("forwarder: %s: %s (errno %d)", e.Op, msg, int(e.Status))
}

// Unwrap lets errors.Is(err, syscall.ENOENT) test the status.
func (e *Error) Unwrap() error { return e.Status }

// Client is one connection to a forwarder's control socket, safe for concurrent use.
type Client struct {
	path    string
	timeout time.Duration

	mu      sync.Mutex
	conn    net.Conn
	nextID  uint64
	tried   bool   // a connection was attempted before: a new one is a reconnect
	version uint64 // config_version of the last Response
	resets  chan struct{}
}

// New returns a client of the socket at path. It connects on first use.
func New(path string) *Client {
	return &Client{path: path, timeout: DefaultTimeout, nextID: 1, resets: make(chan struct{}, 1)}
}

// Path is the socket's path.
func (c *Client) Path() string { return c.path }

// Resets receives a value (coalesced) after the client connects to the socket other than
// at its first try (the socket went away, or was not there yet) or sees the forwarder's
// config_version go backwards: in both cases the forwarder may have (re)started with a
// configuration other than the one it was given.
func (c *Client) Resets() <-chan struct{} { return c.resets }

// ConfigVersion is the forwarder's config_version from the last Response (0 before any).
func (c *Client) ConfigVersion() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.version
}

// Close closes the connection; a later call opens a new one.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dropLocked()
}

func (c *Client) dropLocked() error {
	if c.conn == nil {
		return nil
	}
	err := c.conn.Close()
	c.conn = nil
	return err
}

func (c *Client) signalReset() {
	select {
	case c.resets <- struct{}{}:
	default:
	}
}

func (c *Client) connectLocked(ctx context.Context) error {
	if c.conn != nil {
		return nil
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", c.path)
	tried := c.tried
	c.tried = true
	if err != nil {
		return fmt.Errorf("forwarder %s: %w", c.path, err)
	}
	c.conn = conn
	// Any connection but the first one made: the forwarder went away (or was not there
	// yet) and may have come back with another configuration.
	if tried {
		c.signalReset()
	}
	return nil
}

// Do sends req (its id is set here) and returns the forwarder's Response. A non-zero status
// is returned as an *Error along with the Response.
func (c *Client) Do(ctx context.Context, req *fwdpb.Request) (*fwdpb.Response, error) {
	op := opName(req)
	c.mu.Lock()
	defer c.mu.Unlock()
	req.Id = c.nextID
	c.nextID++
	body, err := proto.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("forwarder: %s: encode: %w", op, err)
	}
	frame := make([]byte, 4+len(body))
	binary.BigEndian.PutUint32(frame, uint32(len(body)))
	copy(frame[4:], body)

	// A connection kept from an earlier call may have been closed by a forwarder that
	// restarted since; a write on it fails before the forwarder read anything, so that
	// one case is retried on a new connection.
	reused := c.conn != nil
	resp, sent, err := c.roundTrip(ctx, frame)
	if err != nil && reused && !sent && ctx.Err() == nil {
		resp, _, err = c.roundTrip(ctx, frame)
	}
	if err != nil {
		return nil, fmt.Errorf("forwarder: %s: %w", op, err)
	}
	if resp.GetId() != req.Id {
		c.dropLocked()
		return nil, fmt.Errorf("forwarder: %s: reply id %d for request %d: framing lost",
			op, resp.GetId(), req.Id)
	}
	if v := resp.GetConfigVersion(); v < c.version {
		c.signalReset()
	}
	c.version = resp.GetConfigVersion()
	if resp.GetStatus() != 0 {
		return resp, &Error{Op: op, Status: syscall.Errno(resp.GetStatus()), Message: resp.GetError()}
	}
	return resp, nil
}

// roundTrip writes one frame and reads one Response. sent says whether any of the frame
// may have reached the forwarder. Any error drops the connection.
func (c *Client) roundTrip(ctx context.Context, frame []byte) (_ *fwdpb.Response, sent bool, err error) {
	if err := c.connectLocked(ctx); err != nil {
		return nil, false, err
	}
	conn := c.conn
	defer func() {
		if err != nil {
			c.dropLocked()
		}
	}()
	deadline := time.Now().Add(c.timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if err := conn.SetDeadline(deadline); err != nil {
		return nil, false, err
	}
	// Cancelling ctx interrupts a blocked read or write.
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	n, err := conn.Write(frame)
	if err != nil {
		return nil, n > 0, ctxErr(ctx, fmt.Errorf("write: %w", err))
	}
	var hdr [4]byte
	if _, err := io.ReadFull(conn, hdr[:]); err != nil {
		return nil, true, ctxErr(ctx, fmt.Errorf("read: %w", eofMeansClosed(err)))
	}
	size := binary.BigEndian.Uint32(hdr[:])
	if size > MaxMessage {
		return nil, true, fmt.Errorf("reply of %d bytes: framing lost", size)
	}
	buf := make([]byte, size)
	if _, err := io.ReadFull(conn, buf); err != nil {
		return nil, true, ctxErr(ctx, fmt.Errorf("read: %w", eofMeansClosed(err)))
	}
	resp := &fwdpb.Response{}
	if err := proto.Unmarshal(buf, resp); err != nil {
		return nil, true, fmt.Errorf("decode reply: %w", err)
	}
	return resp, true, nil
}

// ErrClosed is the forwarder closing the connection before it answered.
var ErrClosed = errors.New("the forwarder closed the connection")

func eofMeansClosed(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %w", ErrClosed, err)
	}
	return err
}

// ctxErr names the context's error when it is what stopped the call. The socket's
// deadline is the context's, and may pass a moment before the context says so.
func ctxErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w (%w)", ctx.Err(), err)
	}
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		return fmt.Errorf("%w (%w)", context.DeadlineExceeded, err)
	}
	return err
}

// opName is the request's op as the proto names it ("add_real"), for messages.
func opName(req *fwdpb.Request) string {
	m := req.ProtoReflect()
	if d := m.WhichOneof(m.Descriptor().Oneofs().ByName("op")); d != nil {
		return string(d.Name())
	}
	return "request"
}
