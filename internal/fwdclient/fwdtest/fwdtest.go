// Package fwdtest is a fake forwarder for tests: an in-process server of the local control
// API (proto/fwd.proto) on a Unix socket, speaking the real framing and keeping the
// services, reals and config_version the way the forwarder does (same errno values for
// the same mistakes). It can be restarted (state wiped, socket re-created) and records
// every change it is asked to make.
package fwdtest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// Forwarder is the fake. Its methods are safe for concurrent use.
type Forwarder struct {
	Path string // the socket

	mu       sync.Mutex
	ln       net.Listener
	conns    map[net.Conn]bool
	services []*fwdpb.VirtualService
	version  uint64
	ops      []string
	connList []*fwdpb.Connection
	fail     map[string]syscall.Errno
	workers  int
	ports    []string
	hs       map[string]handshake // by svcName + " " + realName: SetHandshake's read-outs
	steering *fwdpb.Steering      // SetSteering's; nil: one built from the workers and ports
	drops    []*fwdpb.DropCount   // SetDrops's, GetStats reports them for worker 0 and in all
	sync     *fwdpb.SyncConfig    // SetSync's (nil: off)
	syncSt   string               // SetSyncState's; "": "ready" with peers, else "off"
	zeroed   map[string]uint64    // by svcName: ZeroCounters's time, ms since 1970
	pool     *fwdpb.LocalPool     // FullNAT's local pool (nil: empty, 1024-65535)
	fnConns  bool                 // SetFullNATConns's: FullNAT connections hold ports
	wg       sync.WaitGroup
}

// New starts a fake forwarder on a socket in a new temporary directory (short, so that
// the path fits sun_path) and stops it when the test ends.
func New(t testing.TB) *Forwarder {
	t.Helper()
	dir, err := os.MkdirTemp("", "fwd")
	if err != nil {
		t.Fatal(err)
	}
	f := &Forwarder{Path: filepath.Join(dir, "fwd.sock"), workers: 2,
		ports: []string{"net_af_packet0", "net_af_packet1"}, fail: map[string]syscall.Errno{}}
	if err := f.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		f.Stop()
		os.RemoveAll(dir)
	})
	return f
}

// Start listens on Path (after Stop).
func (f *Forwarder) Start() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ln != nil {
		return errors.New("fwdtest: already started")
	}
	os.Remove(f.Path)
	ln, err := net.Listen("unix", f.Path)
	if err != nil {
		return fmt.Errorf("fwdtest: %w", err)
	}
	f.ln = ln
	f.conns = map[net.Conn]bool{}
	f.wg.Add(1)
	go f.accept(ln)
	return nil
}

// Stop closes the socket and every connection, as a forwarder that exits. State is kept.
func (f *Forwarder) Stop() {
	f.mu.Lock()
	if f.ln != nil {
		f.ln.Close()
		f.ln = nil
	}
	for c := range f.conns {
		c.Close()
	}
	f.mu.Unlock()
	f.wg.Wait()
	os.Remove(f.Path)
}

// Restart stops the forwarder, wipes its configuration (config_version back to 0) and
// starts it again: a forwarder restarted without its configuration.
func (f *Forwarder) Restart() error {
	f.Stop()
	f.mu.Lock()
	f.services = nil
	f.zeroed = nil
	f.version = 0
	f.pool, f.fnConns = nil, false // a pool set at run time is not saved
	f.mu.Unlock()
	return f.Start()
}

// Services is a copy of the configured services (their specs), in the order added.
func (f *Forwarder) Services() []*fwdpb.VirtualService {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]*fwdpb.VirtualService, len(f.services))
	for i, s := range f.services {
		out[i] = proto.Clone(s).(*fwdpb.VirtualService)
	}
	return out
}

// Load replaces the configuration, as a forwarder's start-up file would.
func (f *Forwarder) Load(services []*fwdpb.VirtualService) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.services = nil
	for _, s := range services {
		f.services = append(f.services, proto.Clone(s).(*fwdpb.VirtualService))
	}
	f.version++
}

// Ops returns the changes made since the last ResetOps, e.g. "remove_real tcp/10.0.0.1/80
// 10.1.0.1:80 hard=false".
func (f *Forwarder) Ops() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.ops)
}

// ResetOps forgets the recorded changes.
func (f *Forwarder) ResetOps() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ops = nil
}

// Version is the config_version.
func (f *Forwarder) Version() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.version
}

// SetConnections sets what ListConnections returns.
func (f *Forwarder) SetConnections(c []*fwdpb.Connection) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.connList = c
}

// handshake is a real's handshake RTT read-out.
type handshake struct {
	rttMs   float64
	samples uint64
	sumUs   uint64
}

// SetHandshake sets the handshake RTT read-outs (RealStatus.handshake_rtt_ms,
// handshake_samples, handshake_rtt_sum_us) that GetStats and ListServices report for a real
// of a service, as the forwarder's SYN -> SYN-ACK timing would.
func (f *Forwarder) SetHandshake(id *fwdpb.ServiceId, address string, port uint32, rttMs float64,
	samples, sumUs uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.hs == nil {
		f.hs = map[string]handshake{}
	}
	rs := &fwdpb.RealService{Address: address, Port: port}
	f.hs[svcName(id)+" "+realName(rs)] = handshake{rttMs: rttMs, samples: samples, sumUs: sumUs}
}

// SetDrops sets the drops GetStats reports: by reason, all of them at worker 0.
func (f *Forwarder) SetDrops(d []*fwdpb.DropCount) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.drops = d
}

// SetSteering sets what GetSteering answers, every override included: the reply carries
// up to the request's limit of them (0: 100, at most 1000) and overrides_total counts them
// all (or says more, when s does). nil goes back to the default: each port with software
// handoff, RSS-A and the dispatch stage off, the workers idle, no override.
func (f *Forwarder) SetSteering(s *fwdpb.Steering) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s != nil {
		s = proto.Clone(s).(*fwdpb.Steering)
	}
	f.steering = s
}

// SetSyncState makes GetSync report state ("syncing", "ready", ...) while sync has peers;
// "" goes back to "ready".
func (f *Forwarder) SetSyncState(state string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.syncSt = state
}

// Sync returns the sync setting last set (nil: never, or off).
func (f *Forwarder) Sync() *fwdpb.SyncConfig {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sync == nil {
		return nil
	}
	return proto.Clone(f.sync).(*fwdpb.SyncConfig)
}

// FailNext makes the next request of op (e.g. "add_real") fail with errno.
func (f *Forwarder) FailNext(op string, errno syscall.Errno) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fail[op] = errno
}

func (f *Forwarder) accept(ln net.Listener) {
	defer f.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		f.mu.Lock()
		if f.ln != ln {
			f.mu.Unlock()
			c.Close()
			return
		}
		f.conns[c] = true
		f.mu.Unlock()
		f.wg.Add(1)
		go f.serve(c)
	}
}

func (f *Forwarder) serve(c net.Conn) {
	defer f.wg.Done()
	defer func() {
		f.mu.Lock()
		delete(f.conns, c)
		f.mu.Unlock()
		c.Close()
	}()
	for {
		var hdr [4]byte
		if _, err := io.ReadFull(c, hdr[:]); err != nil {
			return
		}
		body := make([]byte, binary.BigEndian.Uint32(hdr[:]))
		if _, err := io.ReadFull(c, body); err != nil {
			return
		}
		req := &fwdpb.Request{}
		var resp *fwdpb.Response
		if err := proto.Unmarshal(body, req); err != nil {
			resp = &fwdpb.Response{Status: int32(syscall.EINVAL), Error: "request: not a valid Request message"}
		} else {
			resp = f.handle(req)
		}
		out, err := proto.Marshal(resp)
		if err != nil {
			return
		}
		frame := binary.BigEndian.AppendUint32(nil, uint32(len(out)))
		if _, err := c.Write(append(frame, out...)); err != nil {
			return
		}
	}
}

// failure is a status and the message naming the field at fault.
type failure struct {
	errno syscall.Errno
	msg   string
}

func fail(errno syscall.Errno, format string, a ...any) *failure {
	return &failure{errno, fmt.Sprintf(format, a...)}
}

func (f *Forwarder) handle(req *fwdpb.Request) *fwdpb.Response {
	f.mu.Lock()
	defer f.mu.Unlock()
	resp := &fwdpb.Response{Id: req.GetId()}
	op := opName(req)
	var bad *failure
	if errno, ok := f.fail[op]; ok {
		delete(f.fail, op)
		bad = fail(errno, "%s: injected failure", op)
	} else {
		bad = f.dispatch(req, resp)
	}
	if bad != nil {
		resp.Status, resp.Error, resp.Body = int32(bad.errno), bad.msg, nil
	}
	resp.ConfigVersion = f.version
	return resp
}

func (f *Forwarder) dispatch(req *fwdpb.Request, resp *fwdpb.Response) *failure {
	switch op := req.GetOp().(type) {
	case *fwdpb.Request_AddService:
		return f.addService(op.AddService.GetService())
	case *fwdpb.Request_UpdateService:
		return f.updateService(op.UpdateService)
	case *fwdpb.Request_SetService:
		return f.setService(op.SetService)
	case *fwdpb.Request_RemoveService:
		i, bad := f.find("remove_service", op.RemoveService.GetId())
		if bad != nil {
			return bad
		}
		hard := ""
		if op.RemoveService.GetHard() {
			hard = " hard"
		}
		f.changed("remove_service %s%s", svcName(f.services[i].GetId()), hard)
		f.services = slices.Delete(f.services, i, i+1)
	case *fwdpb.Request_AddReal:
		return f.addReal(op.AddReal)
	case *fwdpb.Request_UpdateReal:
		return f.updateReal(op.UpdateReal)
	case *fwdpb.Request_RemoveReal:
		m := op.RemoveReal
		i, j, bad := f.findReal("remove_real", m.GetService(), m.GetAddress(), m.GetPort())
		if bad != nil {
			return bad
		}
		vs := f.services[i]
		f.changed("remove_real %s %s hard=%t", svcName(vs.GetId()),
			realName(vs.RealServices[j]), m.GetHard())
		vs.RealServices = slices.Delete(vs.RealServices, j, j+1)
	case *fwdpb.Request_ZeroCounters:
		return f.zeroCounters(op.ZeroCounters.GetService())
	case *fwdpb.Request_ListServices:
		resp.Body = &fwdpb.Response_Services{Services: &fwdpb.ServiceList{Services: f.cloneServices(),
			ServiceStatus: f.status()}}
	case *fwdpb.Request_GetStats:
		resp.Body = &fwdpb.Response_Stats{Stats: f.stats()}
	case *fwdpb.Request_ListConnections:
		resp.Body = &fwdpb.Response_Connections{Connections: f.listConns(op.ListConnections)}
	case *fwdpb.Request_GetSteering:
		resp.Body = &fwdpb.Response_Steering{Steering: f.steeringOut(op.GetSteering.GetLimit())}
	case *fwdpb.Request_SetSync:
		return f.setSync(op.SetSync.GetConfig())
	case *fwdpb.Request_GetSync:
		resp.Body = &fwdpb.Response_Sync{Sync: f.syncOut()}
	case *fwdpb.Request_GetLocalPool:
		resp.Body = &fwdpb.Response_LocalPool{LocalPool: f.localPool()}
	case *fwdpb.Request_SetLocalPool:
		if bad := f.setLocalPool(op.SetLocalPool); bad != nil {
			return bad
		}
		resp.Body = &fwdpb.Response_LocalPool{LocalPool: f.localPool()}
	case *fwdpb.Request_ListRoutes:
		resp.Body = &fwdpb.Response_Routes{Routes: &fwdpb.RouteList{}}
	case *fwdpb.Request_ListNeighbors:
		resp.Body = &fwdpb.Response_Neighbors{Neighbors: &fwdpb.NeighborList{}}
	case *fwdpb.Request_SetRoute, *fwdpb.Request_DeleteRoute, *fwdpb.Request_SetNeighbor,
		*fwdpb.Request_SetTimeouts:
		f.changed("%s", opName(req))
	default:
		return fail(syscall.EINVAL, "request: no operation this forwarder knows")
	}
	return nil
}

// SetFullNATConns says whether FullNAT connections hold ports of the pool now, which
// decides what SetLocalPool may change (fnat_pool_change_check).
func (f *Forwarder) SetFullNATConns(on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fnConns = on
}

// LocalPool is the pool now (as GetLocalPool answers, without free ports).
func (f *Forwarder) LocalPool() *fwdpb.LocalPool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.localPool()
}

func (f *Forwarder) localPool() *fwdpb.LocalPool {
	if f.pool == nil {
		return &fwdpb.LocalPool{PortMin: 1024, PortMax: 65535}
	}
	return proto.Clone(f.pool).(*fwdpb.LocalPool)
}

// setLocalPool applies the forwarder's rule (ctl_op_set_local_pool, fnat_pool_change_check)
// with its errno values and field names: bad input EINVAL; with FullNAT connections, only
// addresses appended with the range unchanged, else EBUSY.
func (f *Forwarder) setLocalPool(m *fwdpb.SetLocalPool) *failure {
	cur := f.localPool()
	next := &fwdpb.LocalPool{PortMin: m.GetPortMin(), PortMax: m.GetPortMax()}
	if next.PortMin == 0 && next.PortMax == 0 {
		next.PortMin, next.PortMax = cur.PortMin, cur.PortMax
	} else if next.PortMin == 0 || next.PortMin > next.PortMax || next.PortMax > 65535 {
		return fail(syscall.EINVAL, "set_local_pool.port_min: %d-%d is not a range within 1-65535",
			next.PortMin, next.PortMax)
	}
	if len(m.GetAddresses()) > model.MaxLocalPoolAddrs {
		return fail(syscall.EINVAL, "set_local_pool.addresses: %d, at most %d", len(m.GetAddresses()),
			model.MaxLocalPoolAddrs)
	}
	seen := map[netip.Addr]bool{}
	for i, s := range m.GetAddresses() {
		a, err := netip.ParseAddr(s)
		if err != nil || a.IsUnspecified() {
			return fail(syscall.EINVAL, "set_local_pool.addresses[%d]: '%s' is not an address", i, s)
		}
		if seen[a.Unmap()] {
			return fail(syscall.EINVAL, "set_local_pool.addresses: local_pool: an address is given twice")
		}
		seen[a.Unmap()] = true
		next.Addresses = append(next.Addresses, a.Unmap().String())
	}
	if f.fnConns {
		if len(next.Addresses) < len(cur.Addresses) ||
			!slices.Equal(next.Addresses[:len(cur.Addresses)], cur.Addresses) {
			return fail(syscall.EBUSY, "local_pool.addrs: FullNAT connections hold the current addresses' "+
				"indexes: only appending addresses is allowed while any exists")
		}
		if next.PortMin != cur.PortMin || next.PortMax != cur.PortMax {
			return fail(syscall.EBUSY, "local_pool.ports: FullNAT connections hold ports of the current "+
				"range: it cannot change while any exists")
		}
	}
	// Recorded, but no config_version: the pool is not in the forwarder's store.
	f.ops = append(f.ops, fmt.Sprintf("set_local_pool %s ports=%d-%d", strings.Join(next.Addresses, ","),
		next.PortMin, next.PortMax))
	f.pool = next
	return nil
}

// setSync checks what the forwarder checks first (ctl_op_sync.c, cfg_sync_set), with the
// same field names.
func (f *Forwarder) setSync(c *fwdpb.SyncConfig) *failure {
	if c == nil {
		return fail(syscall.EINVAL, "set_sync.config: missing")
	}
	if len(c.Peers) == 0 && c.Id == 0 && c.Listen == "" && len(c.Key) == 0 {
		f.sync = nil
		f.changed("set_sync off")
		return nil
	}
	switch {
	case c.Id == 0:
		return fail(syscall.EINVAL, "set_sync.config.id: must not be 0")
	case c.Listen == "":
		return fail(syscall.EINVAL, "set_sync.config.listen: required (address:port)")
	case len(c.Key) < 16 || len(c.Key) > 64:
		return fail(syscall.EINVAL, "set_sync.config.key: %d bytes, must be 16 to 64", len(c.Key))
	case len(c.Peers) > 16:
		return fail(syscall.EINVAL, "set_sync.config.peers: %d, at most 16", len(c.Peers))
	case c.Replicas > 2:
		return fail(syscall.EINVAL, "set_sync.config.replicas: %d, must be 0 (every peer holds every connection) to 2", c.Replicas)
	}
	f.sync = proto.Clone(c).(*fwdpb.SyncConfig)
	f.changed("set_sync id=%d peers=%d", c.Id, len(c.Peers))
	return nil
}

func (f *Forwarder) syncOut() *fwdpb.SyncStatus {
	if f.sync == nil || len(f.sync.Peers) == 0 {
		return &fwdpb.SyncStatus{State: "off"}
	}
	st := &fwdpb.SyncStatus{State: "ready", Id: f.sync.Id, Listen: f.sync.Listen}
	if f.syncSt != "" {
		st.State = f.syncSt
	}
	for _, p := range f.sync.Peers {
		st.Peers = append(st.Peers, &fwdpb.SyncPeer{Address: p, LastHeardS: -1})
	}
	return st
}

func (f *Forwarder) changed(format string, a ...any) {
	f.version++
	f.ops = append(f.ops, fmt.Sprintf(format, a...))
}

func (f *Forwarder) cloneServices() []*fwdpb.VirtualService {
	out := make([]*fwdpb.VirtualService, len(f.services))
	for i, s := range f.services {
		out[i] = proto.Clone(s).(*fwdpb.VirtualService)
	}
	return out
}

// status is the counters of every service, in the order of the specs: 0, but for
// SetHandshake's read-outs.
// zeroCounters records a zero of one service (id nil: of all) at the time now, as the
// forwarder's since_zero shows it; the fake keeps no counters to zero.
func (f *Forwarder) zeroCounters(id *fwdpb.ServiceId) *failure {
	if f.zeroed == nil {
		f.zeroed = map[string]uint64{}
	}
	now := uint64(time.Now().UnixMilli())
	found := false
	for _, vs := range f.services {
		if id == nil || svcName(vs.GetId()) == svcName(id) {
			f.zeroed[svcName(vs.GetId())] = now
			found = true
		}
	}
	if !found && id != nil {
		return fail(syscall.ENOENT, "zero_counters: service %s not found", svcName(id))
	}
	name := "all"
	if id != nil {
		name = svcName(id)
	}
	f.changed("zero_counters %s", name)
	return nil
}

func (f *Forwarder) status() []*fwdpb.ServiceStatus {
	out := make([]*fwdpb.ServiceStatus, 0, len(f.services))
	for _, vs := range f.services {
		st := &fwdpb.ServiceStatus{Id: proto.Clone(vs.GetId()).(*fwdpb.ServiceId),
			SinceZero: &fwdpb.CountersSinceZero{ZeroedAtMs: f.zeroed[svcName(vs.GetId())]}}
		for _, rs := range vs.RealServices {
			r := &fwdpb.RealStatus{Address: rs.GetAddress(), Port: rs.GetPort()}
			if h, ok := f.hs[svcName(vs.GetId())+" "+realName(rs)]; ok {
				r.HandshakeRttMs, r.HandshakeSamples, r.HandshakeRttSumUs = h.rttMs, h.samples, h.sumUs
			}
			st.Reals = append(st.Reals, r)
		}
		out = append(out, st)
	}
	return out
}

func (f *Forwarder) stats() *fwdpb.Stats {
	s := &fwdpb.Stats{ConfigVersion: f.version, Services: f.cloneServices(), ServiceStatus: f.status(),
		MempoolSize: 16383}
	for w := 0; w < f.workers; w++ {
		s.Workers = append(s.Workers, &fwdpb.WorkerStats{Worker: uint32(w), Lcore: uint32(w + 1)})
	}
	if len(s.Workers) > 0 {
		s.Workers[0].Drops = f.drops
	}
	s.Drops = f.drops
	for p, name := range f.ports {
		s.Ports = append(s.Ports, &fwdpb.PortStats{Port: uint32(p), Name: name})
	}
	return s
}

func (f *Forwarder) steeringOut(limit uint32) *fwdpb.Steering {
	switch {
	case limit == 0:
		limit = 100
	case limit > 1000:
		limit = 1000
	}
	if f.steering == nil {
		s := &fwdpb.Steering{Rssa: &fwdpb.RssaConfig{Q: 1, Epsilon: 0.95, ThetaH: 0.5, PeriodMs: 1000,
			NSam: 20, Cooldown: 5, MaxMoves: 32}, Dispatch: &fwdpb.DispatchStage{}}
		for p, name := range f.ports {
			s.Ports = append(s.Ports, &fwdpb.PortSteering{Port: uint32(p), Name: name,
				Mechanism: "driver spread + handoff"})
		}
		for w := 0; w < f.workers; w++ {
			s.Workers = append(s.Workers, &fwdpb.WorkerLoad{Worker: uint32(w), Lcore: uint32(w + 1)})
		}
		return s
	}
	s := proto.Clone(f.steering).(*fwdpb.Steering)
	s.OverridesTotal = max(s.OverridesTotal, uint32(len(s.Overrides)))
	if uint32(len(s.Overrides)) > limit {
		s.Overrides = s.Overrides[:limit]
	}
	return s
}

func (f *Forwarder) listConns(m *fwdpb.ListConnections) *fwdpb.ConnectionList {
	limit := uint64(m.GetLimit())
	if limit == 0 {
		limit = 100
	}
	start := m.GetCursor()
	if start > uint64(len(f.connList)) {
		start = uint64(len(f.connList))
	}
	end := min(start+limit, uint64(len(f.connList)))
	l := &fwdpb.ConnectionList{}
	for _, c := range f.connList[start:end] {
		l.Connections = append(l.Connections, proto.Clone(c).(*fwdpb.Connection))
	}
	if end < uint64(len(f.connList)) {
		l.NextCursor = end
	}
	return l
}
