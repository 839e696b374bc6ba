package bfd

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"net/netip"
	"slices"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"hvlb/internal/logging"
)

// Port is where single-hop BFD control packets go (RFC 5881 section 4); they leave from a
// port in 49152-65535, and with a TTL (hop limit) of 255, which the receiver checks: a
// packet from further away than the link cannot have 255 left (section 5).
const (
	Port        = 3784
	srcPortLow  = 49152
	srcPortHigh = 65535
	ttl         = 255
)

// Peer is one session to run: with the router at Addr, from Local (the zero Addr: the
// kernel's choice of source), to its port Port (0: 3784; tests use others).
type Peer struct {
	Addr, Local netip.Addr
	Port        uint16
}

// Config is a server's configuration.
type Config struct {
	Timers Timers
	// ListenPort is the port packets are received on (0: 3784), at ListenAddr (the zero
	// Addr: every address).
	ListenPort uint16
	ListenAddr netip.Addr
	Logger     *slog.Logger
	// OnChange, when set, is called from the server's goroutine at each change of a
	// session's state; it must return quickly.
	OnChange func(Change)
	// Held: every session starts silent (it sends nothing, and what its peer sends is
	// dropped, counted as "held") until Hold(peer, false) starts it.
	Held bool
	// StaleFor: once started, a session ignores (counts as "held") for this long the
	// peer's sessions it heard while held and was never up with: sessions the peer may be
	// about to replace (FRR's bgpd does, once, when the BGP session comes up; a session
	// brought up before that goes down with it, and the BGP session too). 0: 10 s.
	StaleFor time.Duration
}

// DefaultStaleFor is Config.StaleFor's default: longer than a busy router takes to
// replace its session after the BGP session comes up (3 s seen on a loaded 2-core machine).
const DefaultStaleFor = 10 * time.Second

// Change is a session's change of state.
type Change struct {
	Peer     netip.Addr
	From, To State
	Diag     Diag  // ours: why it went down
	Remote   State // what the peer said last
}

// SessionState is a session as Sessions shows it.
type SessionState struct {
	Peer                  netip.Addr
	State, RemoteState    State
	Diag                  Diag
	LocalDisc, RemoteDisc uint32
	TxInterval            time.Duration
	DetectTime            time.Duration // 0 until the peer is heard
	Since                 time.Time     // the last change of State
	Ups, Downs            uint64        // times the session came Up, and left it
}

// Server runs the sessions against the network: one socket per family receives on port
// 3784, one per session sends from its own source port. One goroutine owns the sessions;
// Sessions and Drops read a copy it publishes.
type Server struct {
	cfg      Config
	log      *slog.Logger
	sessions []*serverSession
	rx       chan datagram
	hold     chan holdReq
	done     chan struct{}
	wg       sync.WaitGroup
	rxConns  []*net.UDPConn

	mu    sync.Mutex
	snap  []SessionState
	drops map[error]uint64
}

type serverSession struct {
	*Session
	peer Peer
	tx   *net.UDPConn
	st   SessionState
	dst  netip.AddrPort
	held bool // silent until started (Config.Held, Hold)
	// The peer's discriminators: known, of sessions this one has been up with; stale,
	// heard while held and not known, ignored until staleUntil.
	known, stale map[uint32]bool
	staleUntil   time.Time
}

type holdReq struct {
	peer netip.Addr
	held bool
}

type datagram struct {
	src  netip.Addr
	ttl  int
	data []byte
}

// Start starts a session with each of peers.
func Start(cfg Config, peers []Peer) (*Server, error) {
	cfg.Timers = cfg.Timers.WithDefaults()
	if cfg.ListenPort == 0 {
		cfg.ListenPort = Port
	}
	if cfg.StaleFor == 0 {
		cfg.StaleFor = DefaultStaleFor
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if err := cfg.Timers.validate(); err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: cfg.Logger.With(logging.Subsystem, "bfd"), rx: make(chan datagram, 64),
		hold: make(chan holdReq, 2*len(peers)), done: make(chan struct{}), drops: map[error]uint64{}}
	now := time.Now()
	seen := map[netip.Addr]bool{}
	for _, p := range peers {
		p.Addr = p.Addr.Unmap()
		if seen[p.Addr] {
			s.closeAll()
			return nil, fmt.Errorf("bfd: peer %s: listed twice", p.Addr)
		}
		seen[p.Addr] = true
		if p.Port == 0 {
			p.Port = Port
		}
		tx, err := txSocket(p)
		if err != nil {
			s.closeAll()
			return nil, fmt.Errorf("bfd: peer %s: %w", p.Addr, err)
		}
		ss := &serverSession{Session: NewSession(cfg.Timers, s.discriminator(), now, mrand.Float64),
			peer: p, tx: tx, dst: netip.AddrPortFrom(p.Addr, p.Port), held: cfg.Held,
			known: map[uint32]bool{}, stale: map[uint32]bool{}}
		ss.st = SessionState{Peer: p.Addr, Since: now}
		s.sessions = append(s.sessions, ss)
	}
	for _, v4 := range []bool{true, false} {
		if !slices.ContainsFunc(s.sessions, func(ss *serverSession) bool { return ss.peer.Addr.Is4() == v4 }) {
			continue
		}
		c, err := rxSocket(v4, cfg.ListenAddr, cfg.ListenPort)
		if err != nil {
			s.closeAll()
			return nil, fmt.Errorf("bfd: listen: %w", err)
		}
		s.rxConns = append(s.rxConns, c)
	}
	s.publish()
	for _, c := range s.rxConns {
		s.wg.Add(1)
		go s.read(c)
	}
	s.wg.Add(1)
	go s.run()
	return s, nil
}

func (t Timers) validate() error {
	if t.DesiredMinTx < time.Millisecond || t.RequiredMinRx < time.Millisecond {
		return fmt.Errorf("bfd: intervals %s, %s: at least 1ms", t.DesiredMinTx, t.RequiredMinRx)
	}
	if t.DesiredMinTx > maxWireInterval || t.RequiredMinRx > maxWireInterval {
		return fmt.Errorf("bfd: intervals %s, %s: at most %s", t.DesiredMinTx, t.RequiredMinRx, maxWireInterval)
	}
	return nil
}

// discriminator is a random non-zero local discriminator no other session has.
func (s *Server) discriminator() uint32 {
	for {
		var b [4]byte
		rand.Read(b[:])
		d := binary.BigEndian.Uint32(b[:])
		if d != 0 && !slices.ContainsFunc(s.sessions, func(ss *serverSession) bool { return ss.local == d }) {
			return d
		}
	}
}

// txSocket is a session's sending socket: from a port of 49152-65535 (the same for the
// whole session), TTL 255.
func txSocket(p Peer) (*net.UDPConn, error) {
	network := "udp4"
	if p.Addr.Is6() {
		network = "udp6"
	}
	var lastErr error
	for range 64 {
		port := srcPortLow + mrand.IntN(srcPortHigh-srcPortLow+1)
		var ip net.IP
		if p.Local.IsValid() {
			ip = p.Local.AsSlice()
		}
		c, err := net.ListenUDP(network, &net.UDPAddr{IP: ip, Port: port})
		if err != nil {
			lastErr = err
			if errors.Is(err, syscall.EADDRINUSE) {
				continue
			}
			return nil, err
		}
		if err := setsockopt(c, p.Addr.Is4(), false); err != nil {
			c.Close()
			return nil, err
		}
		return c, nil
	}
	return nil, lastErr
}

// rxSocket receives the control packets of one family, with each one's TTL.
func rxSocket(v4 bool, addr netip.Addr, port uint16) (*net.UDPConn, error) {
	network, ip := "udp4", net.IP(nil)
	if !v4 {
		network = "udp6"
	}
	if addr.IsValid() && addr.Is4() == v4 {
		ip = addr.AsSlice()
	}
	c, err := net.ListenUDP(network, &net.UDPAddr{IP: ip, Port: int(port)})
	if err != nil {
		return nil, err
	}
	if err := setsockopt(c, v4, true); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// setsockopt sets TTL 255 on a sending socket, or asks a receiving one for each packet's TTL.
func setsockopt(c *net.UDPConn, v4, rx bool) error {
	raw, err := c.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	err = raw.Control(func(fd uintptr) {
		switch {
		case v4 && rx:
			serr = unix.SetsockoptInt(int(fd), unix.IPPROTO_IP, unix.IP_RECVTTL, 1)
		case v4:
			serr = unix.SetsockoptInt(int(fd), unix.IPPROTO_IP, unix.IP_TTL, ttl)
		case rx:
			serr = unix.SetsockoptInt(int(fd), unix.IPPROTO_IPV6, unix.IPV6_RECVHOPLIMIT, 1)
		default:
			serr = unix.SetsockoptInt(int(fd), unix.IPPROTO_IPV6, unix.IPV6_UNICAST_HOPS, ttl)
		}
	})
	return errors.Join(err, serr)
}

// read hands the run goroutine every datagram of c with its TTL, until c is closed.
func (s *Server) read(c *net.UDPConn) {
	defer s.wg.Done()
	buf := make([]byte, 1500)
	oob := make([]byte, 128)
	for {
		n, oobn, _, src, err := c.ReadMsgUDPAddrPort(buf, oob)
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			s.log.Warn("BFD: receive", logging.Err, err)
			continue
		}
		d := datagram{src: src.Addr().Unmap(), ttl: readTTL(oob[:oobn]), data: slices.Clone(buf[:n])}
		select {
		case s.rx <- d:
		case <-s.done:
			return
		}
	}
}

// readTTL is the TTL (hop limit) in a packet's control messages; -1 when absent.
func readTTL(oob []byte) int {
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err != nil {
		return -1
	}
	for _, m := range msgs {
		if len(m.Data) < 1 {
			continue
		}
		if m.Header.Level == unix.IPPROTO_IP && m.Header.Type == unix.IP_TTL ||
			m.Header.Level == unix.IPPROTO_IPV6 && m.Header.Type == unix.IPV6_HOPLIMIT {
			if len(m.Data) >= 4 {
				return int(binary.NativeEndian.Uint32(m.Data))
			}
			return int(m.Data[0])
		}
	}
	return -1
}

// run owns the sessions: it applies what arrives, runs their timers and sends.
func (s *Server) run() {
	defer s.wg.Done()
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case d := <-s.rx:
			s.receive(d)
		case h := <-s.hold:
			s.setHeld(h)
		case <-timer.C:
		case <-s.done:
			s.adminDown()
			return
		}
		now := time.Now()
		next := now.Add(time.Second)
		for _, ss := range s.sessions {
			if ss.held {
				continue
			}
			before := ss.State()
			if p := ss.Advance(now); p != nil {
				s.send(ss, p)
			}
			s.noteChange(ss, before, now)
			if n := ss.Next(); !n.IsZero() && n.Before(next) {
				next = n
			}
		}
		s.publish()
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(max(time.Until(next), 0))
	}
}

// receive validates and demultiplexes one datagram (RFC 5880 section 6.8.6, RFC 5881
// sections 4 and 5) and hands it to its session.
func (s *Server) receive(d datagram) {
	c, err := Parse(d.data)
	if err == nil && d.ttl != ttl {
		err = ErrTTL
	}
	var ss *serverSession
	if err == nil {
		i := slices.IndexFunc(s.sessions, func(ss *serverSession) bool {
			if c.YourDisc != 0 {
				return ss.local == c.YourDisc
			}
			return ss.peer.Addr == d.src
		})
		// A session's packets come from its peer, whatever discriminator they carry.
		if i < 0 || s.sessions[i].peer.Addr != d.src {
			err = ErrUnknownSession
		} else if s.sessions[i].ignores(c.MyDisc, time.Now()) {
			err = ErrHeld
		} else {
			ss = s.sessions[i]
		}
	}
	if err != nil {
		s.mu.Lock()
		s.drops[err]++
		first := s.drops[err] == 1
		s.mu.Unlock()
		if first {
			s.log.Warn("BFD: packet discarded (logged once per reason; counted)", "from", d.src, "reason", err, "ttl", d.ttl)
		}
		return
	}
	now := time.Now()
	before := ss.State()
	if f := ss.Receive(now, c); f != nil {
		s.send(ss, f)
	}
	s.noteChange(ss, before, now)
}

func (s *Server) send(ss *serverSession, p *Control) {
	if _, err := ss.tx.WriteToUDPAddrPort(p.Marshal(), ss.dst); err != nil {
		// The path may be gone; the session's detection time says what that means.
		s.log.Debug("BFD: send", logging.Peer, ss.peer.Addr, logging.Err, err)
	}
}

func (s *Server) noteChange(ss *serverSession, before State, now time.Time) {
	after := ss.State()
	if after == before {
		return
	}
	ss.st.Since = now
	if after == Up {
		ss.st.Ups++
		if len(ss.known) >= 16 {
			clear(ss.known)
		}
		ss.known[ss.RemoteDisc()] = true
	} else if before == Up {
		ss.st.Downs++
	}
	ch := Change{Peer: ss.peer.Addr, From: before, To: after, Diag: ss.Diag(), Remote: ss.RemoteState()}
	if after == Up {
		s.log.Info("BFD: session up", logging.Peer, ss.peer.Addr, "tx_interval", ss.TxInterval(), "detect_time", ss.DetectTime())
	} else {
		s.log.Warn("BFD: session "+after.String(), logging.Peer, ss.peer.Addr, "was", before, "diag", ss.Diag(), "peer_state", ss.RemoteState())
	}
	if s.cfg.OnChange != nil {
		s.cfg.OnChange(ch)
	}
}

func (s *Server) publish() {
	snap := make([]SessionState, len(s.sessions))
	for i, ss := range s.sessions {
		st := ss.st
		st.State, st.RemoteState, st.Diag = ss.State(), ss.RemoteState(), ss.Diag()
		st.LocalDisc, st.RemoteDisc = ss.LocalDisc(), ss.RemoteDisc()
		st.TxInterval = ss.TxInterval()
		if ss.RemoteDisc() != 0 {
			st.DetectTime = ss.DetectTime()
		}
		snap[i] = st
	}
	s.mu.Lock()
	s.snap = snap
	s.mu.Unlock()
}

// ignores says whether the session drops a packet of the peer's session disc: while held
// (noting disc as stale unless known), and from a stale session until staleUntil.
func (ss *serverSession) ignores(disc uint32, now time.Time) bool {
	if ss.held {
		if !ss.known[disc] && len(ss.stale) < 16 {
			ss.stale[disc] = true
		}
		return true
	}
	return ss.stale[disc] && now.Before(ss.staleUntil)
}

// Hold holds the session with peer silent (held), or starts it (!held) in state Down, with a
// new discriminator: to its peer, a session that was never there. A session held while
// not AdminDown first tells its peer AdminDown (no failure of the path: RFC 5882 section
// 3.2). Unknown peers are ignored.
func (s *Server) Hold(peer netip.Addr, held bool) {
	select {
	case s.hold <- holdReq{peer.Unmap(), held}:
	case <-s.done:
	}
}

func (s *Server) setHeld(h holdReq) {
	i := slices.IndexFunc(s.sessions, func(ss *serverSession) bool { return ss.peer.Addr == h.peer })
	if i < 0 || s.sessions[i].held == h.held {
		return
	}
	ss, now := s.sessions[i], time.Now()
	before := ss.State()
	if h.held {
		ss.SetAdminDown()
		p := ss.packet()
		s.send(ss, &p)
		s.log.Info("BFD: session held", logging.Peer, ss.peer.Addr)
		ss.stale = map[uint32]bool{}
	} else {
		ss.Session = NewSession(s.cfg.Timers, s.discriminator(), now, mrand.Float64)
		ss.staleUntil = now.Add(s.cfg.StaleFor)
		s.log.Info("BFD: session started", logging.Peer, ss.peer.Addr, "ignoring_for", s.cfg.StaleFor,
			"peer_sessions_ignored", len(ss.stale))
	}
	ss.held = h.held
	s.noteChange(ss, before, now)
}

// Sessions returns every session's state, in the order of the peers given to Start.
func (s *Server) Sessions() []SessionState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.snap)
}

// Session returns the state of the session with peer, and whether there is one.
func (s *Server) Session(peer netip.Addr) (SessionState, bool) {
	for _, st := range s.Sessions() {
		if st.Peer == peer.Unmap() {
			return st, true
		}
	}
	return SessionState{}, false
}

// Drops returns the count of discarded packets by reason (DropReasons' texts).
func (s *Server) Drops() map[string]uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]uint64, len(DropReasons))
	for _, r := range DropReasons {
		out[r.Error()] = s.drops[r]
	}
	return out
}

// adminDown tells every peer the sessions are going down on purpose (so that it does not
// take that for a failure of the path), once, best effort.
func (s *Server) adminDown() {
	for _, ss := range s.sessions {
		ss.SetAdminDown()
		p := ss.packet()
		s.send(ss, &p)
	}
}

// Close takes the sessions administratively down and closes the sockets.
func (s *Server) Close() {
	select {
	case <-s.done:
		return
	default:
	}
	close(s.done)
	for _, c := range s.rxConns {
		c.Close()
	}
	s.wg.Wait()
	s.closeAll()
}

func (s *Server) closeAll() {
	for _, c := range s.rxConns {
		c.Close()
	}
	for _, ss := range s.sessions {
		ss.tx.Close()
	}
}
