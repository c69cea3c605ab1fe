/**
 * The hero video's poster: a light illustration of the video's subject (a heavy-haul truck with an
 * oversized load on a highway, led by a pilot car), drawn as SVG from the scene below. Home is
 * pre-rendered, so the build writes it into the page's HTML: no request, painted with the page,
 * whether or not the player ever loads.
 */
/** The video box is 16:9; the drawing uses the same ratio, so it fills the box exactly. */
const WIDTH = 1600;
const HEIGHT = 900;

const COLOURS = {
  skyTop: "#dbeafe",
  skyBottom: "#f8fafc",
  cloud: "#ffffff",
  hillFar: "#cbd5e1",
  hillNear: "#a7c4a0",
  field: "#d9e8cf",
  tree: "#5f8f5a",
  trunk: "#6b4f3a",
  road: "#475569",
  shoulder: "#94a3b8",
  laneMark: "#ffffff",
  edgeMark: "#facc15",
  brand: "#b91c1c",
  brandDark: "#7f1d1d",
  ink: "#0f172a",
  steel: "#64748b",
  steelLight: "#94a3b8",
  glass: "#bfdbfe",
  hub: "#cbd5e1",
  banner: "#facc15",
  beacon: "#f59e0b",
  pilotCar: "#f8fafc",
} as const;

interface Cloud {
  x: number;
  y: number;
  scale: number;
}

/** A wind turbine on the far hills (their blades are typical heavy-haul loads). */
interface Turbine {
  x: number;
  base: number;
  height: number;
  /** The rotor's angle, degrees. */
  turn: number;
}

interface Tree {
  x: number;
  size: number;
}

/** Where things stand in the scene (viewBox units). */
const SCENE = {
  horizon: 520,
  road: { top: 640, bottom: 800 },
  /** The truck's wheels stand on this line, the near lane. */
  wheelLine: 760,
  wheelRadius: 32,
  clouds: [
    { x: 230, y: 150, scale: 1.1 },
    { x: 760, y: 95, scale: 0.8 },
    { x: 1290, y: 170, scale: 1.3 },
  ] satisfies Cloud[],
  turbines: [
    { x: 470, base: 480, height: 250, turn: 12 },
    { x: 930, base: 470, height: 300, turn: 47 },
    { x: 1370, base: 470, height: 230, turn: 80 },
  ] satisfies Turbine[],
  trees: Array.from({ length: 11 }, (_, i): Tree => ({ x: 60 + i * 150 + ((i * 53) % 60), size: 34 + ((i * 29) % 26) })),
  /** The convoy drives to the left: the pilot car leads, the tractor pulls the low-bed trailer. */
  pilotCar: { x: 70, width: 230 },
  tractor: { x: 390, width: 290 },
  trailer: { x: 650, width: 800, deck: 26 },
  /** The load: a power transformer, wider and taller than a legal load; x from the trailer's front. */
  load: { x: 90, width: 580, height: 240 },
  /** Axles, from the front of their vehicle. */
  tractorAxles: [70, 210, 262],
  trailerAxles: [560, 620, 680, 740],
} as const;

const { horizon, road, wheelLine, wheelRadius } = SCENE;

/** Computed lengths to a tenth of a unit: the markup carries no float noise. */
const tenth = (n: number) => Math.round(n * 10) / 10;

function Sky() {
  return (
    <>
      <defs>
        <linearGradient id="hero-poster-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={COLOURS.skyTop} />
          <stop offset="1" stopColor={COLOURS.skyBottom} />
        </linearGradient>
      </defs>
      <rect width={WIDTH} height={HEIGHT} fill="url(#hero-poster-sky)" />
      {SCENE.clouds.map(({ x, y, scale }) => (
        <g key={x} transform={`translate(${x} ${y}) scale(${scale})`} fill={COLOURS.cloud}>
          <ellipse cx="0" cy="0" rx="90" ry="26" />
          <ellipse cx="-30" cy="-18" rx="42" ry="30" />
          <ellipse cx="28" cy="-24" rx="50" ry="36" />
        </g>
      ))}
    </>
  );
}

function WindTurbine({ x, base, height, turn }: Turbine) {
  const top = base - height;
  const blade = tenth(height * 0.42);
  return (
    <g fill={COLOURS.cloud} stroke={COLOURS.steelLight} strokeWidth="2">
      <path d={`M${x - 7} ${base} L${x - 3} ${top} L${x + 3} ${top} L${x + 7} ${base} Z`} />
      {[0, 120, 240].map((angle) => (
        <path key={angle} transform={`rotate(${turn + angle} ${x} ${top})`} d={`M${x} ${top} q8 -${tenth(blade * 0.3)} 0 -${blade} q-10 ${tenth(blade * 0.5)} 0 ${blade} Z`} />
      ))}
      <circle cx={x} cy={top} r="7" />
    </g>
  );
}

function Landscape() {
  const far = `M0 ${horizon} C 260 430 420 470 640 450 S 1040 400 1240 455 S 1500 440 ${WIDTH} 430 L${WIDTH} ${horizon + 40} L0 ${horizon + 40} Z`;
  const near = `M0 ${horizon + 20} C 300 470 560 520 820 500 S 1300 470 ${WIDTH} 505 L${WIDTH} ${road.top} L0 ${road.top} Z`;
  return (
    <>
      {SCENE.turbines.map((turbine) => (
        <WindTurbine key={turbine.x} {...turbine} />
      ))}
      <path d={far} fill={COLOURS.hillFar} />
      <path d={near} fill={COLOURS.hillNear} />
      <rect y={horizon + 60} width={WIDTH} height={road.top - horizon - 60} fill={COLOURS.field} />
      {SCENE.trees.map(({ x, size }) => (
        <g key={x}>
          <rect x={x - 4} y={tenth(road.top - 38 - size * 0.3)} width="8" height={tenth(size * 0.3 + 26)} fill={COLOURS.trunk} />
          <circle cx={x} cy={tenth(road.top - 40 - size * 0.6)} r={tenth(size * 0.6)} fill={COLOURS.tree} />
        </g>
      ))}
    </>
  );
}

function Road() {
  const dashes = Array.from({ length: 9 }, (_, i) => i * 190 - 40);
  const middle = (road.top + road.bottom) / 2 - 14;
  return (
    <>
      <rect y={road.top - 8} width={WIDTH} height="8" fill={COLOURS.shoulder} />
      <rect y={road.top} width={WIDTH} height={road.bottom - road.top} fill={COLOURS.road} />
      <rect y={road.bottom} width={WIDTH} height={HEIGHT - road.bottom} fill={COLOURS.field} />
      <rect y={road.top + 8} width={WIDTH} height="5" fill={COLOURS.edgeMark} />
      <rect y={road.bottom - 12} width={WIDTH} height="5" fill={COLOURS.laneMark} />
      {dashes.map((x) => (
        <rect key={x} x={x} y={middle} width="100" height="6" fill={COLOURS.laneMark} />
      ))}
    </>
  );
}

function Wheel({ x }: { x: number }) {
  return (
    <g>
      <circle cx={x} cy={wheelLine - wheelRadius} r={wheelRadius} fill={COLOURS.ink} />
      <circle cx={x} cy={wheelLine - wheelRadius} r={tenth(wheelRadius * 0.45)} fill={COLOURS.hub} />
    </g>
  );
}

/** A yellow "OVERSIZE LOAD" sign, as carried front and back by such a convoy. */
function Banner({ x, y, width }: { x: number; y: number; width: number }) {
  const height = tenth(width * 0.2);
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx="3" fill={COLOURS.banner} stroke={COLOURS.ink} strokeWidth="2" />
      <text
        x={x + width / 2}
        y={tenth(y + height * 0.72)}
        textAnchor="middle"
        textLength={tenth(width - height * 0.6)}
        lengthAdjust="spacingAndGlyphs"
        fontFamily="system-ui, sans-serif"
        fontWeight="700"
        fontSize={tenth(height * 0.6)}
        fill={COLOURS.ink}
      >
        OVERSIZE LOAD
      </text>
    </g>
  );
}

function Flag({ x, y }: { x: number; y: number }) {
  return <path d={`M${x} ${y} l0 -34 l-26 10 l26 10`} fill={COLOURS.brand} stroke={COLOURS.ink} strokeWidth="2" />;
}

function Tractor() {
  const { x, width } = SCENE.tractor;
  const chassisY = wheelLine - wheelRadius * 2 - 6;
  const hood = { x, width: 100, height: 86 };
  const cab = { x: x + hood.width - 6, y: chassisY - 170, width: 130, height: 170 };
  return (
    <g>
      <rect x={x + 10} y={chassisY} width={width - 10} height="24" rx="4" fill={COLOURS.ink} />
      <path
        d={`M${hood.x} ${chassisY + 14} l0 -${hood.height - 20} q0 -18 18 -20 l${hood.width - 12} -10 l0 ${hood.height + 16} Z`}
        fill={COLOURS.brand}
      />
      <rect x={hood.x - 6} y={chassisY - 30} width="12" height="44" rx="3" fill={COLOURS.steelLight} />
      <circle cx={hood.x + 14} cy={chassisY - 44} r="8" fill={COLOURS.banner} />
      <rect x={cab.x} y={cab.y} width={cab.width} height={cab.height} rx="14" fill={COLOURS.brand} />
      <path d={`M${cab.x + 10} ${cab.y + 24} l46 0 l0 58 l-58 0 Z`} fill={COLOURS.glass} />
      <rect x={cab.x + 70} y={cab.y + 24} width="44" height="58" rx="6" fill={COLOURS.glass} />
      <rect x={cab.x + 64} y={cab.y + 96} width="4" height="60" fill={COLOURS.brandDark} />
      <rect x={cab.x + cab.width + 6} y={cab.y - 50} width="14" height={cab.height + 40} rx="5" fill={COLOURS.steel} />
      <Banner x={cab.x} y={cab.y - 36} width={cab.width} />
      {SCENE.tractorAxles.map((axle) => (
        <Wheel key={axle} x={x + axle} />
      ))}
    </g>
  );
}

function Trailer() {
  const { trailer, load, tractor } = SCENE;
  const chassisY = wheelLine - wheelRadius * 2 - 6;
  const deckY = chassisY - 12;
  const loadX = trailer.x + load.x;
  const loadTop = deckY - load.height;
  const neckTop = chassisY - 46;
  const fifthWheel = tractor.x + tractor.width - 70;
  return (
    <g>
      {/* Gooseneck over the tractor's fifth wheel, sloping down to the deck. */}
      <path
        d={`M${fifthWheel} ${chassisY} l0 -46 l${trailer.x - fifthWheel + 30} 0 l40 ${deckY - neckTop} l0 ${trailer.deck} l-60 0 Z`}
        fill={COLOURS.ink}
      />
      <rect x={trailer.x} y={deckY} width={trailer.width} height={trailer.deck} rx="4" fill={COLOURS.ink} />
      <rect x={trailer.x + 20} y={deckY + trailer.deck} width={trailer.width - 40} height="8" fill={COLOURS.steel} />
      {/* The load: a transformer with cooling fins, bushings on top, chained to the deck. */}
      <rect x={loadX} y={loadTop} width={load.width} height={load.height} rx="10" fill={COLOURS.steelLight} stroke={COLOURS.steel} strokeWidth="4" />
      {Array.from({ length: 9 }, (_, i) => loadX + 64 + i * 56).map((x) => (
        <rect key={x} x={x} y={loadTop + 40} width="20" height={load.height - 80} rx="4" fill={COLOURS.steel} />
      ))}
      {[0.2, 0.45, 0.7].map((at) => (
        <g key={at}>
          <rect x={loadX + load.width * at} y={loadTop - 46} width="26" height="46" rx="6" fill={COLOURS.hub} stroke={COLOURS.steel} strokeWidth="3" />
          <rect x={loadX + load.width * at + 7} y={loadTop - 62} width="12" height="18" rx="3" fill={COLOURS.brand} />
        </g>
      ))}
      <path
        d={`M${loadX + 20} ${loadTop + 20} L${loadX - 50} ${deckY} M${loadX + load.width - 20} ${loadTop + 20} L${loadX + load.width + 50} ${deckY}`}
        stroke={COLOURS.ink}
        strokeWidth="4"
        strokeDasharray="10 6"
      />
      <Flag x={loadX + 4} y={loadTop} />
      <Flag x={loadX + load.width - 4} y={loadTop} />
      <rect x={trailer.x + trailer.width - 14} y={deckY - 66} width="8" height="66" fill={COLOURS.ink} />
      <Banner x={trailer.x + trailer.width - 130} y={deckY - 92} width={128} />
      <rect x={trailer.x + trailer.width - 6} y={deckY + 2} width="10" height="18" rx="2" fill={COLOURS.brand} />
      {SCENE.trailerAxles.map((axle) => (
        <Wheel key={axle} x={trailer.x + axle} />
      ))}
    </g>
  );
}

/** The pilot car leading the convoy, beacon on and sign up. */
function PilotCar() {
  const { x, width } = SCENE.pilotCar;
  const bottom = wheelLine - wheelRadius;
  const body = `M${x} ${bottom} l0 -46 q0 -12 12 -14 l40 -6 l34 -44 q6 -8 16 -8 l84 0 q10 0 16 8 l30 46 l${width - 222} 0 l0 64 Z`;
  return (
    <g>
      <path d={body} fill={COLOURS.pilotCar} stroke={COLOURS.ink} strokeWidth="4" strokeLinejoin="round" />
      <path d={`M${x + 92} ${bottom - 66} l28 -38 l48 0 l0 38 Z M${x + 178} ${bottom - 104} l32 0 l26 38 l-58 0 Z`} fill={COLOURS.glass} />
      <rect x={x + 120} y={bottom - 122} width="30" height="14" rx="4" fill={COLOURS.beacon} />
      <path d={`M${x + 100} ${bottom - 134} l0 20 M${x + 180} ${bottom - 134} l0 18`} stroke={COLOURS.ink} strokeWidth="4" />
      <Banner x={x + 70} y={bottom - 160} width={140} />
      <circle cx={x + 8} cy={bottom - 36} r="6" fill={COLOURS.banner} />
      <Wheel x={x + 52} />
      <Wheel x={x + width - 40} />
    </g>
  );
}

/** The poster: decorative parts hidden from assistive technology, the whole named by `label`. */
export function HeroPoster({ label, className }: { label: string; className?: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid slice"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      <Sky />
      <Landscape />
      <Road />
      <PilotCar />
      <Trailer />
      <Tractor />
    </svg>
  );
}
