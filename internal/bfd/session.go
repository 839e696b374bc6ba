package bfd

import (
	"time"
)

// Timers are a session's configured intervals (RFC 5880 section 6.8.1's
// bfd.DesiredMinTxInterval, bfd.RequiredMinRxInterval and bfd.DetectMult).
type Timers struct {
	DesiredMinTx  time.Duration // how often this end would like to send
	RequiredMinRx time.Duration // the shortest interval between packets this end accepts
	DetectMult    uint8         // packets missed before the peer is declared down
}

// Defaults of Timers: 300 ms x 3, FRR's defaults, so a path is declared down within about
// a second.
const (
	DefaultMinTx      = 300 * time.Millisecond
	DefaultMinRx      = 300 * time.Millisecond
	DefaultDetectMult = 3
	// SlowTx is the least interval between packets while the session is not Up (section
	// 6.8.3), so that a peer that is not there is not sent a fast stream.
	SlowTx = time.Second
)

// WithDefaults fills the zero fields of t.
func (t Timers) WithDefaults() Timers {
	if t.DesiredMinTx == 0 {
		t.DesiredMinTx = DefaultMinTx
	}
	if t.RequiredMinRx == 0 {
		t.RequiredMinRx = DefaultMinRx
	}
	if t.DetectMult == 0 {
		t.DetectMult = DefaultDetectMult
	}
	return t
}

// Session is one BFD session in asynchronous mode (section 6.8): its state, its timers and
// the Poll Sequence. It has no clock and no socket: callers hand it the time and the
// packets it received, call Advance at Next, and send what it returns; so the same code
// runs against the network (server.go) and against a scripted peer (tests). Not safe for
// concurrent use.
type Session struct {
	cfg         Timers
	local       uint32 // bfd.LocalDiscr
	remote      uint32 // bfd.RemoteDiscr
	state       State
	remoteState State
	diag        Diag

	// What the peer said last: bfd.RemoteMinRxInterval, its Desired Min TX and its
	// Detect Mult, which make our detection time.
	remoteMinRx     time.Duration
	remoteDesiredTx time.Duration
	remoteMult      uint8

	// The intervals advertised (bfd.DesiredMinTxInterval, bfd.RequiredMinRxInterval), and
	// the ones in use while a Poll Sequence that changes them runs: a slower transmission
	// and a shorter accepted interval take effect only when the peer has acknowledged them
	// (section 6.8.3).
	desiredTx, requiredRx time.Duration
	txInUse, rxInUse      time.Duration
	polling               bool // a Poll Sequence is running: our packets carry P

	lastRx time.Time // the last valid packet (zero: none yet)
	nextTx time.Time
	jitter func() float64 // uniform in [0, 1)
}

// NewSession is a session in state Down with local discriminator local (non-zero, unique
// on this system), whose first packet is due at now. jitter returns uniform values in
// [0, 1) (math/rand's Float64); it spreads the transmissions (section 6.8.7).
func NewSession(t Timers, local uint32, now time.Time, jitter func() float64) *Session {
	s := &Session{cfg: t.WithDefaults(), local: local, state: Down, remoteState: Down,
		remoteMinRx: time.Microsecond, // section 6.8.1: until the peer says otherwise
		nextTx:      now, jitter: jitter}
	s.desiredTx, s.requiredRx = s.advertised()
	s.txInUse, s.rxInUse = s.desiredTx, s.requiredRx
	return s
}

// State is the session's state; Diag why it last went down.
func (s *Session) State() State { return s.state }
func (s *Session) Diag() Diag   { return s.diag }

// RemoteState is the state the peer last said it was in.
func (s *Session) RemoteState() State { return s.remoteState }

// LocalDisc and RemoteDisc are the discriminators (RemoteDisc 0 while the peer is unknown).
func (s *Session) LocalDisc() uint32  { return s.local }
func (s *Session) RemoteDisc() uint32 { return s.remote }

// Polling says whether a Poll Sequence is running.
func (s *Session) Polling() bool { return s.polling }

// TxInterval is the interval between periodic packets before jitter: the larger of ours
// and what the peer accepts (section 6.8.7).
func (s *Session) TxInterval() time.Duration { return max(s.txInUse, s.remoteMinRx) }

// DetectTime is how long the session stays Up without a packet from the peer (section
// 6.8.4): the peer's Detect Mult times the larger of what we accept and what it sends at.
func (s *Session) DetectTime() time.Duration {
	return time.Duration(s.remoteMult) * max(s.rxInUse, s.remoteDesiredTx)
}

// advertised are the intervals to advertise in the current state: never faster than
// SlowTx while not Up.
func (s *Session) advertised() (tx, rx time.Duration) {
	tx = s.cfg.DesiredMinTx
	if s.state != Up {
		tx = max(tx, SlowTx)
	}
	return tx, s.cfg.RequiredMinRx
}

// SetTimers changes the configured intervals; a change of the advertised ones starts a
// Poll Sequence.
func (s *Session) SetTimers(t Timers) {
	s.cfg = t.WithDefaults()
	s.readvertise()
}

// readvertise applies the intervals the state and configuration call for (section 6.8.3).
func (s *Session) readvertise() {
	tx, rx := s.advertised()
	if tx == s.desiredTx && rx == s.requiredRx {
		return
	}
	s.desiredTx, s.requiredRx = tx, rx
	s.polling = true
	// Sending faster and accepting slower need no agreement; the reverse waits for the Final.
	if s.state != Up || tx < s.txInUse {
		s.txInUse = tx
	}
	if s.state != Up || rx > s.rxInUse {
		s.rxInUse = rx
	}
}

func (s *Session) setState(st State, d Diag) {
	s.state, s.diag = st, d
	s.readvertise()
}

// Receive applies a valid packet from the peer (section 6.8.6, after Parse and the
// demultiplexing) received at now. It returns a packet to send at once (the Final that
// answers a Poll), or nil.
func (s *Session) Receive(now time.Time, c Control) *Control {
	s.remote, s.remoteState = c.MyDisc, c.State
	s.remoteMinRx, s.remoteDesiredTx, s.remoteMult = c.RequiredMinRx, c.DesiredMinTx, c.DetectMult
	s.lastRx = now
	if c.Final && s.polling {
		s.polling = false
		s.txInUse, s.rxInUse = s.desiredTx, s.requiredRx
	}
	if s.state == AdminDown {
		return nil
	}
	switch {
	case c.State == AdminDown:
		if s.state != Down {
			s.setState(Down, DiagNeighborDown)
		}
	case s.state == Down:
		if c.State == Down {
			s.setState(Init, DiagNone)
		} else if c.State == Init {
			s.setState(Up, DiagNone)
		}
	case s.state == Init:
		if c.State == Init || c.State == Up {
			s.setState(Up, DiagNone)
		}
	case s.state == Up:
		if c.State == Down {
			s.setState(Down, DiagNeighborDown)
		}
	}
	// A peer that now accepts packets sooner gets the next one no later than that.
	if next := now.Add(s.TxInterval()); s.remoteMinRx > 0 && next.Before(s.nextTx) {
		s.nextTx = next
	}
	if c.Poll {
		f := s.packet()
		f.Poll, f.Final = false, true
		return &f
	}
	return nil
}

// Advance runs the session's timers up to now: the detection time (Init or Up without a
// packet for DetectTime: Down, diag 1) and the periodic transmission. It returns the
// packet due now, or nil.
func (s *Session) Advance(now time.Time) *Control {
	if !s.lastRx.IsZero() && !now.Before(s.lastRx.Add(s.DetectTime())) {
		// Section 6.8.1: the peer is forgotten after a detection time of silence.
		s.remote = 0
		if s.state == Init || s.state == Up {
			s.remoteState = Down
			s.setState(Down, DiagTimeExpired)
		}
		s.lastRx = time.Time{}
	}
	if s.remoteMinRx == 0 || now.Before(s.nextTx) {
		return nil
	}
	s.nextTx = now.Add(s.jittered(s.TxInterval()))
	p := s.packet()
	return &p
}

// jittered is d less a random 0-25 % (10-25 % with a Detect Mult of 1), section 6.8.7.
func (s *Session) jittered(d time.Duration) time.Duration {
	u := s.jitter()
	if s.cfg.DetectMult == 1 {
		return time.Duration(float64(d) * (0.9 - 0.15*u))
	}
	return time.Duration(float64(d) * (1 - 0.25*u))
}

// Next is when Advance has something to do: the next transmission or the end of the
// detection time.
func (s *Session) Next() time.Time {
	next := s.nextTx
	if s.remoteMinRx == 0 {
		next = time.Time{}
	}
	if !s.lastRx.IsZero() {
		if d := s.lastRx.Add(s.DetectTime()); next.IsZero() || d.Before(next) {
			next = d
		}
	}
	return next
}

// SetAdminDown takes the session administratively down (it tells the peer, which must not
// take it as a failure of the path: RFC 5882 section 3.2); Enable brings it back to Down.
func (s *Session) SetAdminDown() { s.setState(AdminDown, DiagAdminDown) }
func (s *Session) Enable() {
	if s.state == AdminDown {
		s.setState(Down, DiagNone)
	}
}

// packet is the control packet the session sends now (section 6.8.7).
func (s *Session) packet() Control {
	return Control{Diag: s.diag, State: s.state, Poll: s.polling, DetectMult: s.cfg.DetectMult,
		MyDisc: s.local, YourDisc: s.remote, DesiredMinTx: s.desiredTx, RequiredMinRx: s.requiredRx}
}
