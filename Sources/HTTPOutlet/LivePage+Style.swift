extension LivePage {
    /// `GET /live-map.css`.
    static let style = #"""
html, body { margin: 0; height: 100%; font: 14px/1.35 system-ui, "DejaVu Sans", sans-serif; }
#map { position: absolute; inset: 0; background: #dfe3e6; }
.panel { position: absolute; z-index: 1000; background: rgba(255, 255, 255, 0.94); border-radius: 8px;
  box-shadow: 0 1px 5px rgba(0, 0, 0, 0.35); padding: 8px 12px; }
.hidden { display: none !important; }
#banner { top: 10px; left: 60px; display: flex; gap: 12px; align-items: center; background: #14532d; color: #fff; min-width: 260px; }
#banner-arrow { stroke: #fff; stroke-width: 5; fill: none; stroke-linecap: round; stroke-linejoin: round; }
#banner-arrow .goal { display: none; fill: #fff; }
#banner-arrow.arrive .goal { display: inline; }
#banner-arrow.arrive .shaft { display: none; }
#banner-distance { font-size: 22px; font-weight: 700; }
#banner-primary { font-size: 18px; }
#banner-secondary { font-size: 14px; opacity: 0.85; }
#trip { bottom: 24px; left: 50%; transform: translateX(-50%); font-size: 16px; }
#road { bottom: 24px; left: 10px; max-width: 40%; }
#road-name { font-weight: 700; }
#road-class, #horizon { color: #555; font-size: 12px; }
#speed { bottom: 80px; left: 10px; display: flex; gap: 8px; align-items: center; font-size: 20px; font-weight: 700; }
#speed.over #speed-value { color: #c00; }
#speed-limit { display: inline-block; min-width: 30px; height: 30px; line-height: 30px; text-align: center; border: 4px solid #d00;
  border-radius: 50%; background: #fff; font-size: 14px; }
#controls { top: 10px; right: 10px; width: 330px; }
#controls .row { margin: 4px 0; }
#controls .small { font-size: 12px; color: #555; }
.route-choice { display: block; width: 100%; text-align: left; margin: 2px 0; background: #eef3fb; border: 1px solid #c8d6ee; border-radius: 4px; cursor: pointer; }
.route-choice.selected { background: #0066ff; color: #fff; }
.wg-duration { font-weight: 700; }
.wg-duration.selected { background: #0066ff; color: #fff; border-color: #0050c8; }
.wg-alternative { cursor: pointer; }
"""#
}
