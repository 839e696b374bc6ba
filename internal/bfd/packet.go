// Package bfd is single-hop Bidirectional Forwarding Detection (RFC 5880 asynchronous mode
// over UDP, RFC 5881): a session per upstream router that says within a few hundred
// milliseconds when the path to it is gone, where BGP's hold timer takes seconds. GoBGP has
// none, and no maintained Go library does it, so this package is a small one: the control
// packet (this file), the state machine as a pure function of a clock (session.go), and the
// sockets (server.go). Not built: demand mode, the echo function, authentication.
package bfd

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// State is a session state as the control packet carries it (RFC 5880 section 4.1).
type State uint8

const (
	AdminDown State = 0
	Down      State = 1
	Init      State = 2
	Up        State = 3
)

func (s State) String() string {
	switch s {
	case AdminDown:
		return "admindown"
	case Down:
		return "down"
	case Init:
		return "init"
	case Up:
		return "up"
	}
	return fmt.Sprintf("state%d", uint8(s))
}

// Diag is the diagnostic code: why the sender's session last left Up (section 4.1).
type Diag uint8

const (
	DiagNone         Diag = 0
	DiagTimeExpired  Diag = 1 // Control Detection Time Expired
	DiagNeighborDown Diag = 3 // Neighbor Signaled Session Down
	DiagAdminDown    Diag = 7 // Administratively Down
)

// The wire format (section 4.1).
const (
	controlPacketLen = 24
	protocolVersion  = 1
	flagPoll         = 0x20
	flagFinal        = 0x10
	flagCPI          = 0x08
	flagAuth         = 0x04
	flagDemand       = 0x02
	flagMultipoint   = 0x01
	maxWireInterval  = time.Duration(^uint32(0)) * time.Microsecond
)

func (d Diag) String() string {
	switch d {
	case DiagNone:
		return "none"
	case DiagTimeExpired:
		return "detection time expired"
	case DiagNeighborDown:
		return "neighbor signaled down"
	case DiagAdminDown:
		return "administratively down"
	}
	return fmt.Sprintf("diag %d", uint8(d))
}

// Control is a BFD control packet without authentication. Intervals are carried in
// microseconds on the wire.
type Control struct {
	Diag                 Diag
	State                State
	Poll, Final          bool
	Demand, ControlIndep bool
	DetectMult           uint8
	MyDisc, YourDisc     uint32
	DesiredMinTx         time.Duration
	RequiredMinRx        time.Duration
	RequiredMinEchoRx    time.Duration
}

// Marshal is c as 24 bytes on the wire.
func (c Control) Marshal() []byte {
	b := make([]byte, controlPacketLen)
	b[0] = protocolVersion<<5 | uint8(c.Diag)&0x1f
	flags := uint8(c.State) << 6
	for _, f := range []struct {
		set bool
		bit uint8
	}{{c.Poll, flagPoll}, {c.Final, flagFinal}, {c.ControlIndep, flagCPI}, {c.Demand, flagDemand}} {
		if f.set {
			flags |= f.bit
		}
	}
	b[1] = flags
	b[2] = c.DetectMult
	b[3] = controlPacketLen
	binary.BigEndian.PutUint32(b[4:], c.MyDisc)
	binary.BigEndian.PutUint32(b[8:], c.YourDisc)
	binary.BigEndian.PutUint32(b[12:], micros(c.DesiredMinTx))
	binary.BigEndian.PutUint32(b[16:], micros(c.RequiredMinRx))
	binary.BigEndian.PutUint32(b[20:], micros(c.RequiredMinEchoRx))
	return b
}

func micros(d time.Duration) uint32 {
	return uint32(min(max(d, 0), maxWireInterval) / time.Microsecond)
}

// Reasons a received packet is discarded (RFC 5880 section 6.8.6, RFC 5881 section 5), as
// counters and logs name them.
var (
	ErrShort          = errors.New("short")
	ErrVersion        = errors.New("version")
	ErrLength         = errors.New("length")
	ErrDetectMult     = errors.New("zero_detect_mult")
	ErrMultipoint     = errors.New("multipoint")
	ErrMyDisc         = errors.New("zero_my_disc")
	ErrYourDisc       = errors.New("zero_your_disc")
	ErrAuth           = errors.New("authentication") // we run none: a packet that asks for it is refused
	ErrTTL            = errors.New("ttl")            // single hop: sent with TTL 255 (GTSM)
	ErrUnknownSession = errors.New("unknown_session")
	// The session is held silent (Config.Held) until its owner starts it: the agent's, until
	// its BGP session with that router is established.
	ErrHeld = errors.New("held")
)

// DropReasons lists the reasons, in the order metrics show them.
var DropReasons = []error{ErrShort, ErrVersion, ErrLength, ErrDetectMult, ErrMultipoint, ErrMyDisc,
	ErrYourDisc, ErrAuth, ErrTTL, ErrUnknownSession, ErrHeld}

// Parse decodes and validates a control packet as section 6.8.6 says (the checks that need
// no session); the error is one of the reasons above.
func Parse(b []byte) (Control, error) {
	if len(b) < controlPacketLen {
		return Control{}, ErrShort
	}
	if b[0]>>5 != protocolVersion {
		return Control{}, ErrVersion
	}
	flags := b[1]
	length := int(b[3])
	if length < controlPacketLen || length > len(b) {
		return Control{}, ErrLength
	}
	if flags&flagAuth != 0 {
		return Control{}, ErrAuth
	}
	c := Control{
		Diag: Diag(b[0] & 0x1f), State: State(flags >> 6),
		Poll: flags&flagPoll != 0, Final: flags&flagFinal != 0,
		ControlIndep: flags&flagCPI != 0, Demand: flags&flagDemand != 0,
		DetectMult: b[2],
		MyDisc:     binary.BigEndian.Uint32(b[4:]), YourDisc: binary.BigEndian.Uint32(b[8:]),
		DesiredMinTx:      time.Duration(binary.BigEndian.Uint32(b[12:])) * time.Microsecond,
		RequiredMinRx:     time.Duration(binary.BigEndian.Uint32(b[16:])) * time.Microsecond,
		RequiredMinEchoRx: time.Duration(binary.BigEndian.Uint32(b[20:])) * time.Microsecond,
	}
	switch {
	case c.DetectMult == 0:
		return Control{}, ErrDetectMult
	case flags&flagMultipoint != 0:
		return Control{}, ErrMultipoint
	case c.MyDisc == 0:
		return Control{}, ErrMyDisc
	case c.YourDisc == 0 && c.State != Down && c.State != AdminDown:
		return Control{}, ErrYourDisc
	}
	return c, nil
}
