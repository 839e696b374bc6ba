package api

import (
	"fmt"
	"math"
	"net/http"
	"time"

	"hvlb/internal/controller"
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

// steeringOut is GET /v1/forwarders/{id}/steering: the forwarder's GetSteering read-out
// from its agent's latest report that had one.
type steeringOut struct {
	Forwarder       string          `json:"forwarder"`
	At              time.Time       `json:"at"`
	Ports           []portSteerOut  `json:"ports"`
	RSSA            rssaOut         `json:"rssa"`
	Workers         []workerLoadOut `json:"workers"`
	Overrides       []overrideOut   `json:"overrides"`
	OverridesTotal  uint32          `json:"overrides_total"`
	Periods         uint64          `json:"periods"`
	FlowsMoved      uint64          `json:"flows_moved"`
	RSSAMoves       uint64          `json:"rssa_moves"`
	MovesFailed     uint64          `json:"moves_failed"`
	MovesInProgress uint32          `json:"moves_in_progress"`
	Publications    uint64          `json:"publications"`
	Dispatch        dispatchOut     `json:"dispatch"`
}

type portSteerOut struct {
	Port      uint32 `json:"port"`
	Name      string `json:"name"`
	Mechanism string `json:"mechanism"`
	Socket    int32  `json:"socket"`
}

type rssaOut struct {
	Enabled  bool    `json:"enabled"`
	Q        float64 `json:"q"`
	Epsilon  float64 `json:"epsilon"`
	ThetaH   float64 `json:"theta_h"`
	PeriodMs uint32  `json:"period_ms"`
	NSam     uint32  `json:"n_sam"`
	Cooldown uint32  `json:"cooldown"`
	MaxMoves uint32  `json:"max_moves"`
}

type workerLoadOut struct {
	Worker        uint32  `json:"worker"`
	Lcore         uint32  `json:"lcore"`
	Socket        uint32  `json:"socket"`
	Load          float64 `json:"load"`
	LoadPeriod    float64 `json:"load_period"`
	OverloadFreq  float64 `json:"overload_freq"`
	Overloaded    bool    `json:"overloaded"`
	FlowsMovedIn  uint64  `json:"flows_moved_in"`
	FlowsMovedOut uint64  `json:"flows_moved_out"`
	Overrides     uint32  `json:"overrides"`
}

// dispatchOut is the software dispatch stages, their counters summed; all but enabled are 0
// when they are off (or the forwarder predates them).
type dispatchOut struct {
	Enabled        bool    `json:"enabled"`
	Stages         uint32  `json:"stages"`
	Lcore          uint32  `json:"lcore"`
	Socket         uint32  `json:"socket"`
	RxQueues       uint32  `json:"rx_queues"`
	RxPackets      uint64  `json:"rx_packets"`
	RawPackets     uint64  `json:"raw_packets"`
	SteeredPackets uint64  `json:"steered_packets"`
	FullDrops      uint64  `json:"full_drops"`
	BusySeconds    float64 `json:"busy_seconds"`
	Fences         uint64  `json:"fences"`
	FenceHeld      uint64  `json:"fence_held"`
	FenceEarly     uint64  `json:"fence_early"`
}

type overrideOut struct {
	Protocol      string `json:"protocol"`
	Client        string `json:"client"`
	VIP           string `json:"vip"`
	Worker        uint32 `json:"worker"`
	FromWorker    uint32 `json:"from_worker"`
	DefaultWorker uint32 `json:"default_worker"`
	AgeS          uint32 `json:"age_s"`
	Priority      uint32 `json:"priority"`
	Manual        bool   `json:"manual"`
}

// finite keeps a NaN or an infinity an agent sent out of the JSON (which cannot hold one).
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

func steeringOf(fs controller.ForwarderSteering) steeringOut {
	sg := fs.Steering
	r := sg.GetRssa()
	out := steeringOut{Forwarder: fs.Forwarder, At: fs.At.UTC(), Ports: []portSteerOut{}, Workers: []workerLoadOut{},
		Overrides: []overrideOut{},
		RSSA: rssaOut{r.GetEnabled(), finite(r.GetQ()), finite(r.GetEpsilon()), finite(r.GetThetaH()), r.GetPeriodMs(),
			r.GetNSam(), r.GetCooldown(), r.GetMaxMoves()},
		OverridesTotal: sg.GetOverridesTotal(), Periods: sg.GetPeriods(), FlowsMoved: sg.GetFlowsMoved(),
		RSSAMoves: sg.GetRssaMoves(), MovesFailed: sg.GetMovesFailed(), MovesInProgress: sg.GetMovesInProgress(),
		Publications: sg.GetPublications()}
	if d := sg.GetDispatch(); d.GetEnabled() {
		out.Dispatch = dispatchOut{Enabled: true, Stages: controller.DispatchStages(d), Lcore: d.GetLcore(),
			Socket: d.GetSocket(), RxQueues: d.GetRxQueues(), RxPackets: d.GetRxPackets(),
			RawPackets: d.GetRawPackets(), SteeredPackets: d.GetSteeredPackets(), FullDrops: d.GetFullDrops(),
			BusySeconds: finite(d.GetBusySeconds()), Fences: d.GetFences(), FenceHeld: d.GetFenceHeld(),
			FenceEarly: d.GetFenceEarly()}
	}
	for _, p := range sg.GetPorts() {
		out.Ports = append(out.Ports, portSteerOut{p.GetPort(), p.GetName(), p.GetMechanism(), p.GetSocket()})
	}
	for _, w := range sg.GetWorkers() {
		out.Workers = append(out.Workers, workerLoadOut{w.GetWorker(), w.GetLcore(), w.GetSocket(), finite(w.GetLoad()),
			finite(w.GetLoadPeriod()), finite(w.GetOverloadFreq()), w.GetOverloaded(), w.GetFlowsMovedIn(),
			w.GetFlowsMovedOut(), w.GetOverrides()})
	}
	for _, o := range sg.GetOverrides() {
		out.Overrides = append(out.Overrides, overrideOut{o.GetProtocol(), o.GetClient(), o.GetVip(), o.GetWorker(),
			o.GetFromWorker(), o.GetDefaultWorker(), o.GetAgeS(), o.GetPriority(), o.GetManual()})
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

type statsOut struct {
	Forwarders []fwdStatsOut `json:"forwarders"`
}

type fwdStatsOut struct {
	ID    string    `json:"id"`
	At    time.Time `json:"at"`
	Stats statsBody `json:"stats"`
}

type statsBody struct {
	ConfigVersion uint64      `json:"config_version"`
	MempoolInUse  uint64      `json:"mempool_in_use"`
	MempoolSize   uint64      `json:"mempool_size"`
	Workers       []workerOut `json:"workers"`
	Services      []vsOut     `json:"services"`
	Drops         []dropOut   `json:"drops"`
	Ports         []portOut   `json:"ports"`
}

type workerOut struct {
	Worker       uint32    `json:"worker"`
	Lcore        uint32    `json:"lcore"`
	RxPackets    uint64    `json:"rx_packets"`
	RxBytes      uint64    `json:"rx_bytes"`
	TxPackets    uint64    `json:"tx_packets"`
	TxBytes      uint64    `json:"tx_bytes"`
	HandoffOut   uint64    `json:"handoff_out"`
	HandoffIn    uint64    `json:"handoff_in"`
	ActiveConns  uint64    `json:"active_conns"`
	TotalConns   uint64    `json:"total_conns"`
	LocalReplies uint64    `json:"local_replies"`
	IdleSleeps   uint64    `json:"idle_sleeps"`
	BusyPolls    uint64    `json:"busy_polls"`
	EmptyPolls   uint64    `json:"empty_polls"`
	Drops        []dropOut `json:"drops"`
}

type dropOut struct {
	Reason string `json:"reason"`
	Count  uint64 `json:"count"`
}

type portOut struct {
	Port     uint32 `json:"port"`
	Name     string `json:"name"`
	IPackets uint64 `json:"ipackets"`
	OPackets uint64 `json:"opackets"`
	IBytes   uint64 `json:"ibytes"`
	OBytes   uint64 `json:"obytes"`
	IMissed  uint64 `json:"imissed"`
	IErrors  uint64 `json:"ierrors"`
	OErrors  uint64 `json:"oerrors"`
}

type vsOut struct {
	ID          string      `json:"id"`
	Protocol    string      `json:"protocol"`
	VIP         string      `json:"vip"`
	Port        uint32      `json:"port"`
	Mode        string      `json:"mode"`
	Scheduler   string      `json:"scheduler"`
	Key         uint32      `json:"key"`
	ActiveConns uint64      `json:"active_conns"`
	TotalConns  uint64      `json:"total_conns"`
	Packets     uint64      `json:"packets"`
	Bytes       uint64      `json:"bytes"`
	Reals       []rsStatOut `json:"reals"`
}

type rsStatOut struct {
	Address     string `json:"address"`
	Port        uint32 `json:"port"`
	Weight      uint32 `json:"weight"`
	Health      uint32 `json:"health"`
	ActiveConns uint64 `json:"active_conns"`
	TotalConns  uint64 `json:"total_conns"`
	Packets     uint64 `json:"packets"`
	Bytes       uint64 `json:"bytes"`
}

func drops(ds []*fwdpb.DropCount) []dropOut {
	out := make([]dropOut, 0, len(ds))
	for _, d := range ds {
		out = append(out, dropOut{d.GetReason(), d.GetCount()})
	}
	return out
}

func statsOf(st *fwdpb.Stats) statsBody {
	b := statsBody{ConfigVersion: st.GetConfigVersion(), MempoolInUse: st.GetMempoolInUse(),
		MempoolSize: st.GetMempoolSize(), Drops: drops(st.GetDrops()),
		Workers: []workerOut{}, Services: []vsOut{}, Ports: []portOut{}}
	for _, w := range st.GetWorkers() {
		b.Workers = append(b.Workers, workerOut{w.GetWorker(), w.GetLcore(), w.GetRxPackets(), w.GetRxBytes(),
			w.GetTxPackets(), w.GetTxBytes(), w.GetHandoffOut(), w.GetHandoffIn(), w.GetActiveConns(),
			w.GetTotalConns(), w.GetLocalReplies(), w.GetIdleSleeps(), w.GetBusyPolls(), w.GetEmptyPolls(),
			drops(w.GetDrops())})
	}
	for _, p := range st.GetPorts() {
		b.Ports = append(b.Ports, portOut{p.GetPort(), p.GetName(), p.GetIpackets(), p.GetOpackets(),
			p.GetIbytes(), p.GetObytes(), p.GetImissed(), p.GetIerrors(), p.GetOerrors()})
	}
	status := fwdpb.StatusByService(st.GetServiceStatus())
	for _, vs := range st.GetServices() {
		id := vs.GetId()
		vst := status[fwdpb.ServiceKey(id)] // nil (counters 0) if the forwarder sent none
		v := vsOut{ID: model.ServiceID(id.GetProtocol(), id.GetVip(), int(id.GetVport())), Protocol: id.GetProtocol(),
			VIP: id.GetVip(), Port: id.GetVport(), Mode: vs.GetMode(), Scheduler: vs.GetScheduler(), Key: vst.GetKey(),
			ActiveConns: vst.GetActiveConns(), TotalConns: vst.GetTotalConns(), Packets: vst.GetPackets(),
			Bytes: vst.GetBytes(), Reals: []rsStatOut{}}
		reals := vst.RealsByKey()
		for _, rs := range vs.GetRealServices() {
			c := reals[fwdpb.RealKey(rs.GetAddress(), rs.GetPort())]
			v.Reals = append(v.Reals, rsStatOut{rs.GetAddress(), rs.GetPort(), rs.GetWeight(), rs.GetHealth(),
				c.GetActiveConns(), c.GetTotalConns(), c.GetPackets(), c.GetBytes()})
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
	out := statsOut{Forwarders: []fwdStatsOut{}}
	for _, f := range all {
		if fwd == "" || f.Forwarder == fwd {
			out.Forwarders = append(out.Forwarders, fwdStatsOut{f.Forwarder, f.At.UTC(), statsOf(f.Stats)})
		}
	}
	return http.StatusOK, out, nil
}

type connOut struct {
	Forwarder  string `json:"forwarder"`
	Worker     uint32 `json:"worker"`
	Protocol   string `json:"protocol"`
	Client     string `json:"client"`
	VIP        string `json:"vip"`
	Real       string `json:"real"`
	State      string `json:"state"`
	AgeS       uint32 `json:"age_s"`
	ExpiresInS uint32 `json:"expires_in_s"`
	PacketsIn  uint64 `json:"packets_in"`
	PacketsOut uint64 `json:"packets_out"`
	BytesIn    uint64 `json:"bytes_in"`
	BytesOut   uint64 `json:"bytes_out"`
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
	out := make([]connOut, 0, len(conns))
	for _, c := range conns {
		out = append(out, connOut{c.Forwarder, c.GetWorker(), c.GetProtocol(), c.GetClient(), c.GetVip(),
			c.GetReal(), c.GetState(), c.GetAgeS(), c.GetExpiresInS(), c.GetPacketsIn(), c.GetPacketsOut(),
			c.GetBytesIn(), c.GetBytesOut()})
	}
	return http.StatusOK, map[string][]connOut{"connections": out}, nil
}

// lbIn is the body of POST /v1/lb-requests.
type lbIn struct {
	Protocol  string `json:"protocol"`
	VIP       string `json:"vip"`
	Port      *int   `json:"port"`
	Mode      string `json:"mode"`
	Scheduler string `json:"scheduler"`
	NFs       []nfIn `json:"nfs"`
	Upstream  string `json:"upstream"`
}

type nfIn struct {
	Address string `json:"address"`
	Port    *int   `json:"port"`
	Weight  *int   `json:"weight"`
}

// lbOut is a load-balancing request with its service once accepted.
type lbOut struct {
	model.LBRequest
	Service *model.Service `json:"service,omitempty"`
}

func (s *Server) lbView(r *http.Request, req model.LBRequest) (lbOut, error) {
	out := lbOut{LBRequest: req}
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
	var in lbIn
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	if in.Port == nil {
		return 0, nil, &model.FieldError{Field: "port", Msg: "required (0: every port)"}
	}
	spec := model.LBSpec{Protocol: in.Protocol, VIP: in.VIP, Port: *in.Port, Mode: in.Mode,
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
	out := make([]lbOut, 0, len(reqs))
	for _, req := range reqs {
		v, err := s.lbView(r, req)
		if err != nil {
			return 0, nil, fmt.Errorf("lb-request %s: %w", req.ID, err)
		}
		out = append(out, v)
	}
	return http.StatusOK, out, nil
}
