//! Pareto fronts: the points no other point beats in every coordinate (all minimised).

/// `a` dominates `b`: no worse in every coordinate and better in at least one.
pub fn dominates<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    a.iter().zip(b).all(|(x, y)| x <= y) && a.iter().zip(b).any(|(x, y)| x < y)
}

/// Indices of the non-dominated points, in input order. Equal points are all kept (none
/// dominates the other). Quadratic: sweeps have tens to hundreds of points.
pub fn front<const N: usize>(points: &[[u64; N]]) -> Vec<usize> {
    (0..points.len())
        .filter(|&i| !points.iter().any(|p| dominates(p, &points[i])))
        .collect()
}

/// The front of a 2-D projection, sorted by the first coordinate (then the second), for
/// drawing as a staircase.
pub fn front_2d(points: &[[u64; 2]]) -> Vec<usize> {
    let mut idx = front(points);
    idx.sort_by_key(|&i| (points[i][0], points[i][1]));
    idx
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_small_example() {
        // (stack, flash, cycles)
        let pts = [
            [3_000, 70_000, 90_000_000],   // smallest stack
            [40_000, 150_000, 15_000_000], // fastest
            [40_000, 160_000, 16_000_000], // dominated by the fastest
            [8_000, 80_000, 30_000_000],   // a compromise
            [8_000, 80_000, 30_000_000],   // its twin: kept too
        ];
        assert_eq!(front(&pts), vec![0, 1, 3, 4]);
        let proj: Vec<[u64; 2]> = pts.iter().map(|p| [p[0], p[2]]).collect();
        assert_eq!(front_2d(&proj), vec![0, 3, 4, 1]);
    }

    fn points<const N: usize>() -> impl Strategy<Value = Vec<[u64; N]>> {
        // Small coordinates so that ties and equal points occur often.
        proptest::collection::vec(proptest::array::uniform::<_, N>(0u64..8), 0..40)
    }

    proptest! {
        #[test]
        fn no_dominated_point_on_the_front(pts in points::<3>()) {
            let f = front(&pts);
            for &i in &f {
                for p in &pts {
                    prop_assert!(!dominates(p, &pts[i]));
                }
            }
        }

        #[test]
        fn no_undominated_point_off_the_front(pts in points::<3>()) {
            let f = front(&pts);
            for i in 0..pts.len() {
                if !f.contains(&i) {
                    prop_assert!(pts.iter().any(|p| dominates(p, &pts[i])));
                }
            }
        }

        #[test]
        fn every_point_off_the_front_is_dominated_by_one_on_it(pts in points::<3>()) {
            let f = front(&pts);
            prop_assert_eq!(f.is_empty(), pts.is_empty());
            for i in 0..pts.len() {
                if !f.contains(&i) {
                    prop_assert!(f.iter().any(|&j| dominates(&pts[j], &pts[i])));
                }
            }
        }

        #[test]
        fn the_2d_front_is_a_staircase(pts in points::<2>()) {
            let f = front_2d(&pts);
            for w in f.windows(2) {
                let (a, b) = (pts[w[0]], pts[w[1]]);
                // x rises (or ties with an equal point) while y falls.
                prop_assert!(a[0] <= b[0]);
                prop_assert!(a[1] >= b[1]);
                prop_assert!(a == b || (a[0] < b[0] && a[1] > b[1]));
            }
        }
    }
}
