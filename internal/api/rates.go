package api

import (
	"net/http"

	"hvlb/internal/apitypes"
	"hvlb/internal/controller"
	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// realCounters are one real's counters in one report, since its last zero.
type realCounters struct {
	conns, packets, bytes uint64
	zeroedAt              uint64
}

// realCountersOf returns a report's counters of each real of each service, by service id
// and real key.
func realCountersOf(st *fwdpb.Stats) map[string]map[string]realCounters {
	out := map[string]map[string]realCounters{}
	for _, vst := range st.GetServiceStatus() {
		id := vst.GetId()
		sid := model.ServiceID(id.GetProtocol(), id.GetVip(), int(id.GetVport()))
		m := map[string]realCounters{}
		for k, c := range vst.RealsByKey() {
			z := sinceZero(c.GetSinceZero(), c.GetTotalConns(), c.GetPackets(), c.GetBytes())
			m[k] = realCounters{z.GetTotalConns(), z.GetPackets(), z.GetBytes(), z.GetZeroedAtMs()}
		}
		out[sid] = m
	}
	return out
}

// share is part over whole, 0 when whole is 0.
func share(part, whole float64) float64 {
	if whole <= 0 {
		return 0
	}
	return part / whole
}

// fillShares sets each real's shares of its service's rates and of the weights of the reals
// up.
func fillShares(rs []apitypes.RealRate) {
	var conns, pkts, bytes, weights float64
	for _, r := range rs {
		conns, pkts, bytes = conns+r.ConnsPerS, pkts+r.PacketsPerS, bytes+r.BytesPerS
		if r.Health != 0 {
			weights += float64(r.Weight)
		}
	}
	for i := range rs {
		r := &rs[i]
		r.ConnShare, r.PacketShare, r.ByteShare = share(r.ConnsPerS, conns), share(r.PacketsPerS, pkts), share(r.BytesPerS, bytes)
		if r.Health != 0 {
			r.WeightShare = share(float64(r.Weight), weights)
		}
	}
}

// ratesOf computes each service's per-real rates from the forwarders' last two reports
// (GET /v1/rates). A real's counters that went back (zeroed, the forwarder restarted) give
// no rate for that interval: interval_s 0 at that forwarder.
func ratesOf(all []controller.ForwarderStats, service string) apitypes.Rates {
	out := apitypes.Rates{Services: []apitypes.ServiceRates{}}
	idx := map[string]int{}
	for _, f := range all {
		cur := f.Stats
		prev := map[string]map[string]realCounters{}
		dt := 0.0
		if f.Prev != nil && f.At.After(f.PrevAt) {
			prev, dt = realCountersOf(f.Prev), f.At.Sub(f.PrevAt).Seconds()
		}
		now := realCountersOf(cur)
		status := fwdpb.StatusByService(cur.GetServiceStatus())
		for _, vs := range cur.GetServices() {
			id := vs.GetId()
			sid := model.ServiceID(id.GetProtocol(), id.GetVip(), int(id.GetVport()))
			if service != "" && sid != service {
				continue
			}
			reals := status[fwdpb.ServiceKey(id)].RealsByKey()
			fr := apitypes.ForwarderRates{Forwarder: f.Forwarder, At: f.At.UTC(), IntervalS: dt, Reals: []apitypes.RealRate{}}
			went := false
			for _, rs := range vs.GetRealServices() {
				k := fwdpb.RealKey(rs.GetAddress(), rs.GetPort())
				r := apitypes.RealRate{Address: rs.GetAddress(), Port: rs.GetPort(), Weight: rs.GetWeight(),
					Health: rs.GetHealth(), ActiveConns: reals[k].GetActiveConns()}
				c, p := now[sid][k], prev[sid][k]
				if _, had := prev[sid][k]; had && (c.conns < p.conns || c.packets < p.packets || c.bytes < p.bytes || c.zeroedAt != p.zeroedAt) {
					went = true
				}
				if dt > 0 {
					r.ConnsPerS = float64(c.conns-min(p.conns, c.conns)) / dt
					r.PacketsPerS = float64(c.packets-min(p.packets, c.packets)) / dt
					r.BytesPerS = float64(c.bytes-min(p.bytes, c.bytes)) / dt
				}
				fr.Reals = append(fr.Reals, r)
			}
			if went {
				fr.IntervalS = 0
				for i := range fr.Reals {
					fr.Reals[i].ConnsPerS, fr.Reals[i].PacketsPerS, fr.Reals[i].BytesPerS = 0, 0, 0
				}
			}
			fillShares(fr.Reals)
			i, ok := idx[sid]
			if !ok {
				i, idx[sid] = len(out.Services), len(out.Services)
				out.Services = append(out.Services, apitypes.ServiceRates{ID: sid, Forwarders: []apitypes.ForwarderRates{},
					Total: []apitypes.RealRate{}})
			}
			out.Services[i].Forwarders = append(out.Services[i].Forwarders, fr)
		}
	}
	for i := range out.Services {
		out.Services[i].Total = totalRates(out.Services[i].Forwarders)
	}
	return out
}

// totalRates sums a service's rates over its forwarders: a real's weight share in total is
// the mean of its shares at the forwarders (each may run its own weights), its weight the
// largest it runs anywhere and its health up if it is up at one.
func totalRates(fs []apitypes.ForwarderRates) []apitypes.RealRate {
	var out []apitypes.RealRate
	at := map[string]int{}
	for _, f := range fs {
		for _, r := range f.Reals {
			k := fwdpb.RealKey(r.Address, r.Port)
			i, ok := at[k]
			if !ok {
				i, at[k] = len(out), len(out)
				out = append(out, apitypes.RealRate{Address: r.Address, Port: r.Port})
			}
			t := &out[i]
			t.Weight, t.Health = max(t.Weight, r.Weight), max(t.Health, r.Health)
			t.ActiveConns += r.ActiveConns
			t.ConnsPerS, t.PacketsPerS, t.BytesPerS = t.ConnsPerS+r.ConnsPerS, t.PacketsPerS+r.PacketsPerS, t.BytesPerS+r.BytesPerS
			t.WeightShare += r.WeightShare / float64(len(fs))
		}
	}
	if out == nil {
		return []apitypes.RealRate{}
	}
	ws := make([]float64, len(out))
	for i := range out {
		ws[i] = out[i].WeightShare
	}
	fillShares(out)
	for i := range out {
		out[i].WeightShare = ws[i]
	}
	return out
}

func (s *Server) getRates(r *http.Request) (int, any, error) {
	svc := r.URL.Query().Get("service")
	if len(svc) > 128 {
		return 0, nil, &model.FieldError{Field: "service", Msg: "longer than 128 bytes"}
	}
	all, err := s.c.Stats(r.Context())
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, ratesOf(all, svc), nil
}

func (s *Server) getControllers(r *http.Request) (int, any, error) {
	g, err := s.c.Group(r.Context())
	return http.StatusOK, g, err
}
