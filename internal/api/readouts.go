package api

import (
	"fmt"
	"math"
	"net/http"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/controller"
	"hvlb/internal/fwdcounters"
	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

func (s *Server) listForwarders(r *http.Request) (int, any, error) {
	fs, err := s.c.Forwarders(r.Context())
	return http.StatusOK, fs, err
}

func (s *Server) getForwarder(r *http.Request) (int, any, error) {
	f, err := s.c.Forwarder(r.Context(), r.PathValue("id"))
	return http.StatusOK, f, err
}

// drainForwarder and undrainForwarder set and clear a forwarder's drain; both are
// idempotent and answer with the forwarder.
func (s *Server) drainForwarder(r *http.Request) (int, any, error) {
	f, err := s.c.SetDraining(r.Context(), r.PathValue("id"), true)
	return http.StatusOK, f, err
}

func (s *Server) undrainForwarder(r *http.Request) (int, any, error) {
	f, err := s.c.SetDraining(r.Context(), r.PathValue("id"), false)
	return http.StatusOK, f, err
}

// setLocalPool sets the forwarder's FullNAT local pool (its agent applies it).
func (s *Server) setLocalPool(r *http.Request) (int, any, error) {
	var p model.LocalPool
	if err := decode(r, &p); err != nil {
		return 0, nil, err
	}
	f, err := s.c.SetLocalPool(r.Context(), r.PathValue("id"), p)
	return http.StatusOK, f, err
}

// finite keeps a NaN or an infinity an agent sent out of the JSON (which cannot hold one).
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// steeringOf is a forwarder's steering read-out as GET /v1/forwarders/{id}/steering shows it.
func steeringOf(fs controller.ForwarderSteering) apitypes.Steering {
	sg := fs.Steering
	r := sg.GetRssa()
	out := apitypes.Steering{Forwarder: fs.Forwarder, At: fs.At.UTC(), Ports: []apitypes.PortSteering{},
		Workers: []apitypes.WorkerLoad{}, Overrides: []apitypes.SteerOverride{},
		RSSA: apitypes.RSSAConfig{Enabled: r.GetEnabled(), Q: finite(r.GetQ()), Epsilon: finite(r.GetEpsilon()),
			ThetaH: finite(r.GetThetaH()), PeriodMs: r.GetPeriodMs(), NSam: r.GetNSam(), Cooldown: r.GetCooldown(),
			MaxMoves: r.GetMaxMoves()},
		OverridesTotal: sg.GetOverridesTotal(), Periods: sg.GetPeriods(), FlowsMoved: sg.GetFlowsMoved(),
		RSSAMoves: sg.GetRssaMoves(), MovesFailed: sg.GetMovesFailed(), MovesInProgress: sg.GetMovesInProgress(),
		Publications: sg.GetPublications(), MovesVanished: sg.GetMovesVanished(), Placed: sg.GetPlaced(),
		OverridesGone: sg.GetOverridesGone()}
	if d := sg.GetDispatch(); d.GetEnabled() {
		out.Dispatch = apitypes.DispatchStage{Enabled: true, Stages: controller.DispatchStages(d), Lcore: d.GetLcore(),
			Socket: d.GetSocket(), RxQueues: d.GetRxQueues(), RxPackets: d.GetRxPackets(),
			RawPackets: d.GetRawPackets(), SteeredPackets: d.GetSteeredPackets(), FullDrops: d.GetFullDrops(),
			BusySeconds: finite(d.GetBusySeconds()), Fences: d.GetFences(), FenceHeld: d.GetFenceHeld(),
			FenceEarly: d.GetFenceEarly(), RxBytes: d.GetRxBytes(), IdleSleeps: d.GetIdleSleeps()}
	}
	for _, p := range sg.GetPorts() {
		out.Ports = append(out.Ports, apitypes.PortSteering{Port: p.GetPort(), Name: p.GetName(),
			Mechanism: p.GetMechanism(), Socket: p.GetSocket()})
	}
	for _, w := range sg.GetWorkers() {
		out.Workers = append(out.Workers, apitypes.WorkerLoad{Worker: w.GetWorker(), Lcore: w.GetLcore(),
			Socket: w.GetSocket(), Load: finite(w.GetLoad()), LoadPeriod: finite(w.GetLoadPeriod()),
			OverloadFreq: finite(w.GetOverloadFreq()), Overloaded: w.GetOverloaded(), FlowsMovedIn: w.GetFlowsMovedIn(),
			FlowsMovedOut: w.GetFlowsMovedOut(), Overrides: w.GetOverrides()})
	}
	for _, o := range sg.GetOverrides() {
		out.Overrides = append(out.Overrides, apitypes.SteerOverride{Protocol: o.GetProtocol(), Client: o.GetClient(),
			VIP: o.GetVip(), Worker: o.GetWorker(), FromWorker: o.GetFromWorker(), DefaultWorker: o.GetDefaultWorker(),
			AgeS: o.GetAgeS(), Priority: o.GetPriority(), Manual: o.GetManual()})
	}
	return out
}

func (s *Server) getSteering(r *http.Request) (int, any, error) {
	id := r.PathValue("id")
	if err := model.ValidName("id", id); err != nil {
		return 0, nil, err
	}
	fs, err := s.c.Steering(r.Context(), id)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, steeringOf(fs), nil
}

func drops(ds []*fwdpb.DropCount) []apitypes.Drop {
	out := make([]apitypes.Drop, 0, len(ds))
	for _, d := range ds {
		out = append(out, apitypes.Drop{Reason: d.GetReason(), Count: d.GetCount()})
	}
	return out
}

// sinceZero is the counters the API shows: since the last zero when the forwarder sent them,
// else the totals (an older forwarder).
func sinceZero(sz *fwdpb.CountersSinceZero, conns, packets, bytes uint64) *fwdpb.CountersSinceZero {
	if sz != nil {
		return sz
	}
	return &fwdpb.CountersSinceZero{TotalConns: conns, Packets: packets, Bytes: bytes}
}

// zeroedAt is when counters were last zeroed, nil if never.
func zeroedAt(sz *fwdpb.CountersSinceZero) *time.Time {
	if sz.GetZeroedAtMs() == 0 {
		return nil
	}
	t := time.UnixMilli(int64(sz.GetZeroedAtMs())).UTC()
	return &t
}

// counterMap is counters by name.
func counterMap(cs []*fwdpb.Counter) map[string]uint64 {
	m := make(map[string]uint64, len(cs))
	for _, c := range cs {
		m[c.GetName()] = c.GetValue()
	}
	return m
}

// statsOf is a forwarder's counters as GET /v1/stats shows them.
func statsOf(st *fwdpb.Stats) apitypes.StatsBody {
	b := apitypes.StatsBody{ConfigVersion: st.GetConfigVersion(), MempoolInUse: st.GetMempoolInUse(),
		MempoolSize: st.GetMempoolSize(), Drops: drops(st.GetDrops()), ExceptionFromKernel: st.GetExceptionFromKernel(),
		ConnsRestored: st.GetConnsRestored(), ConnsRestoreFailed: st.GetConnsRestoreFailed(),
		SyncCounters: counterMap(st.GetSyncCounters()),
		Workers:      []apitypes.WorkerStats{}, Services: []apitypes.ServiceStats{}, Ports: []apitypes.PortStats{}}
	for _, w := range st.GetWorkers() {
		b.Workers = append(b.Workers, apitypes.WorkerStats{Worker: w.GetWorker(), Lcore: w.GetLcore(),
			RxPackets: w.GetRxPackets(), RxBytes: w.GetRxBytes(), TxPackets: w.GetTxPackets(), TxBytes: w.GetTxBytes(),
			HandoffOut: w.GetHandoffOut(), HandoffIn: w.GetHandoffIn(), ActiveConns: w.GetActiveConns(), ConnCapacity: uint64(w.GetConnCapacity()),
			TotalConns: w.GetTotalConns(), LocalReplies: w.GetLocalReplies(), IdleSleeps: w.GetIdleSleeps(),
			BusyPolls: w.GetBusyPolls(), EmptyPolls: w.GetEmptyPolls(), Drops: drops(w.GetDrops()),
			Counters: counterMap(fwdcounters.WorkerCounters(w))})
	}
	for _, p := range st.GetPorts() {
		b.Ports = append(b.Ports, apitypes.PortStats{Port: p.GetPort(), Name: p.GetName(), IPackets: p.GetIpackets(),
			OPackets: p.GetOpackets(), IBytes: p.GetIbytes(), OBytes: p.GetObytes(), IMissed: p.GetImissed(),
			IErrors: p.GetIerrors(), OErrors: p.GetOerrors(), KernelRxDrops: p.GetKernelRxDrops(),
			BadL4Csum: p.GetBadL4Csum(), CsumUnfilled: p.GetCsumUnfilled(), PeerCsumOffload: p.GetPeerCsumOffload(),
			RingKind: p.GetRingKind(), RxRing: p.GetRxRing(), TxRing: p.GetTxRing(), RingMbufs: p.GetRingMbufs(),
			KernelFastPackets: p.GetKernelFastPackets(), KernelFastBytes: p.GetKernelFastBytes(),
			KernelFastEntries: p.GetKernelFastEntries()})
	}
	status := fwdpb.StatusByService(st.GetServiceStatus())
	for _, vs := range st.GetServices() {
		id := vs.GetId()
		vst := status[fwdpb.ServiceKey(id)] // nil (counters 0) if the forwarder sent none
		z := sinceZero(vst.GetSinceZero(), vst.GetTotalConns(), vst.GetPackets(), vst.GetBytes())
		v := apitypes.ServiceStats{ID: model.ServiceID(id.GetProtocol(), id.GetVip(), int(id.GetVport())),
			Protocol: id.GetProtocol(), VIP: id.GetVip(), Port: id.GetVport(), Mode: vs.GetMode(),
			Scheduler: vs.GetScheduler(), Key: vst.GetKey(), ActiveConns: vst.GetActiveConns(),
			TotalConns: z.GetTotalConns(), Packets: z.GetPackets(), Bytes: z.GetBytes(), ZeroedAt: zeroedAt(z),
			Reals: []apitypes.RealStats{}}
		reals := vst.RealsByKey()
		for _, rs := range vs.GetRealServices() {
			c := reals[fwdpb.RealKey(rs.GetAddress(), rs.GetPort())]
			rz := sinceZero(c.GetSinceZero(), c.GetTotalConns(), c.GetPackets(), c.GetBytes())
			v.Reals = append(v.Reals, apitypes.RealStats{Address: rs.GetAddress(), Port: rs.GetPort(),
				Weight: rs.GetWeight(), Health: rs.GetHealth(), ActiveConns: c.GetActiveConns(),
				TotalConns: rz.GetTotalConns(), Packets: rz.GetPackets(), Bytes: rz.GetBytes(), ZeroedAt: zeroedAt(rz)})
		}
		b.Services = append(b.Services, v)
	}
	return b
}

func (s *Server) getStats(r *http.Request) (int, any, error) {
	fwd := r.URL.Query().Get("forwarder")
	if fwd != "" {
		if err := model.ValidName("forwarder", fwd); err != nil {
			return 0, nil, err
		}
	}
	all, err := s.c.Stats(r.Context())
	if err != nil {
		return 0, nil, err
	}
	out := apitypes.Stats{Forwarders: []apitypes.ForwarderStats{}}
	for _, f := range all {
		if fwd == "" || f.Forwarder == fwd {
			out.Forwarders = append(out.Forwarders, apitypes.ForwarderStats{ID: f.Forwarder, At: f.At.UTC(),
				Stats: statsOf(f.Stats)})
		}
	}
	return http.StatusOK, out, nil
}

func (s *Server) listConnections(r *http.Request) (int, any, error) {
	q := r.URL.Query()
	fwd, svc := q.Get("forwarder"), q.Get("service")
	if fwd != "" {
		if err := model.ValidName("forwarder", fwd); err != nil {
			return 0, nil, err
		}
	}
	if len(svc) > 128 {
		return 0, nil, &model.FieldError{Field: "service", Msg: "longer than 128 bytes"}
	}
	limit, err := queryInt(r, "limit", controller.MaxConnections, 1, controller.MaxConnections)
	if err != nil {
		return 0, nil, err
	}
	conns, err := s.c.Connections(r.Context(), fwd, svc, limit)
	if err != nil {
		return 0, nil, err
	}
	out := make([]apitypes.Connection, 0, len(conns))
	for _, c := range conns {
		out = append(out, apitypes.Connection{Forwarder: c.Forwarder, Worker: c.GetWorker(), Protocol: c.GetProtocol(),
			Client: c.GetClient(), VIP: c.GetVip(), Real: c.GetReal(), State: c.GetState(), AgeS: c.GetAgeS(),
			ExpiresInS: c.GetExpiresInS(), PacketsIn: c.GetPacketsIn(), PacketsOut: c.GetPacketsOut(),
			BytesIn: c.GetBytesIn(), BytesOut: c.GetBytesOut()})
	}
	return http.StatusOK, apitypes.Connections{Connections: out}, nil
}

// lbView is a load-balancing request as the API shows it: with its service once accepted.
func (s *Server) lbView(r *http.Request, req model.LBRequest) (apitypes.LBRequest, error) {
	out := apitypes.LBRequest{LBRequest: req}
	if req.State == model.LBAccepted {
		svc, err := s.c.Service(r.Context(), req.ServiceID)
		if err == nil {
			out.Service = &svc
		} else if statusOf(err) != http.StatusNotFound { // deleted since: no service to show
			return out, err
		}
	}
	return out, nil
}

func (s *Server) createLBRequest(r *http.Request) (int, any, error) {
	var in apitypes.LBRequestInput
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	if in.Port == nil {
		return 0, nil, &model.FieldError{Field: "port", Msg: "required (0: every port)"}
	}
	spec := model.LBSpec{Protocol: in.Protocol, VIP: in.VIP, Port: *in.Port, Mode: in.Mode, Encap: in.Encap,
		Scheduler: in.Scheduler, Upstream: in.Upstream}
	for _, nf := range in.NFs {
		n := model.NF{Address: nf.Address, Port: *in.Port, Weight: nf.Weight}
		if nf.Port != nil {
			n.Port = *nf.Port
		}
		spec.NFs = append(spec.NFs, n)
	}
	req, err := s.c.CreateLBRequest(r.Context(), spec)
	if err != nil {
		return 0, nil, err
	}
	out, err := s.lbView(r, req)
	status := http.StatusCreated
	if req.State == model.LBPending {
		status = http.StatusAccepted
	}
	return status, out, err
}

func (s *Server) getLBRequest(r *http.Request) (int, any, error) {
	req, err := s.c.LBRequest(r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	out, err := s.lbView(r, req)
	return http.StatusOK, out, err
}

func (s *Server) listLBRequests(r *http.Request) (int, any, error) {
	reqs, err := s.c.LBRequests()
	if err != nil {
		return 0, nil, err
	}
	out := make([]apitypes.LBRequest, 0, len(reqs))
	for _, req := range reqs {
		v, err := s.lbView(r, req)
		if err != nil {
			return 0, nil, fmt.Errorf("lb-request %s: %w", req.ID, err)
		}
		out = append(out, v)
	}
	return http.StatusOK, out, nil
}
