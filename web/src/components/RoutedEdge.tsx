import { BaseEdge, type Edge, type EdgeProps } from '@xyflow/react';

/** A point of the drawing. */
export interface XY {
  x: number;
  y: number;
}

/** What dagre decided for an edge: the bends it goes through, and where its label sits. */
export type Routed = Edge<{ bends: XY[]; labelAt?: XY }, 'routed'>;

/**
 * An edge drawn along the route dagre laid out for it (around the nodes it would cross, such as a
 * branch's "otherwise" edge past the branches), its corners rounded, its label where dagre made room.
 */
export function RoutedEdge(props: EdgeProps<Routed>) {
  const { id, sourceX, sourceY, targetX, targetY, data, style, markerEnd, label } = props;
  const points = [{ x: sourceX, y: sourceY }, ...(data?.bends ?? []), { x: targetX, y: targetY }];
  const at = data?.labelAt ?? points[Math.floor(points.length / 2)];
  return (
    <BaseEdge
      id={id}
      path={rounded(points)}
      style={style}
      markerEnd={markerEnd}
      label={label}
      labelX={at.x}
      labelY={at.y}
      labelBgPadding={[4, 2]}
    />
  );
}

/** An SVG path through the points, each corner a curve from the middle of one segment to the next. */
function rounded(points: XY[]): string {
  const mid = (a: XY, b: XY) => `${(a.x + b.x) / 2},${(a.y + b.y) / 2}`;
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++)
    d += ` L${mid(points[i - 1], points[i])} Q${points[i].x},${points[i].y} ${mid(points[i], points[i + 1])}`;
  const last = points[points.length - 1];
  return `${d} L${last.x},${last.y}`;
}
