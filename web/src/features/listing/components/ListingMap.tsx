// The listing's map: a lazy chunk, so Leaflet's script and styles load only
// on the detail page. It shows the postcode-district centre at zoom 15 with a
// 250 metre circle (spec 1 section 9). No marker: Leaflet's default marker
// needs image files, and the circle already says "roughly here".
import { useEffect } from 'react'
import { Circle, MapContainer, TileLayer, useMap } from 'react-leaflet'
import 'leaflet/dist/leaflet.css'
import { useSiteInfo } from '../../../lib/site'

export const MAP_ZOOM = 15
export const CIRCLE_METRES = 250

type Props = { latitude: number; longitude: number; label: string }

export default function ListingMap({ latitude, longitude, label }: Props) {
  const site = useSiteInfo()
  const centre: [number, number] = [latitude, longitude]
  return (
    <MapContainer
      center={centre}
      zoom={MAP_ZOOM}
      scrollWheelZoom={false}
      className="listing-detail__leaflet"
    >
      {site.data?.mapTileUrl ? (
        <TileLayer url={site.data.mapTileUrl} attribution={site.data.mapAttribution} />
      ) : null}
      <Follow latitude={latitude} longitude={longitude} label={label} />
      <Circle
        center={centre}
        radius={CIRCLE_METRES}
        pathOptions={{ color: '#0b5cad', weight: 2, fillColor: '#0b5cad', fillOpacity: 0.18 }}
      />
    </MapContainer>
  )
}

/** Follow names the focusable map box and re-centres it when a refreshed listing moves. */
function Follow({ latitude, longitude, label }: Props) {
  const map = useMap()
  useEffect(() => {
    const el = map.getContainer()
    el.setAttribute('role', 'region')
    el.setAttribute('aria-label', label)
  }, [map, label])
  useEffect(() => {
    map.setView([latitude, longitude], MAP_ZOOM)
  }, [map, latitude, longitude])
  return null
}
