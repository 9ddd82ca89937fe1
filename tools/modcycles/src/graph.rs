//! A directed graph of modules, its strongly connected components, and a walk around
//! each.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Nodes are numbers; each edge keeps the first payload it was added with (the first
/// reference that creates it).
#[derive(Debug)]
pub struct Graph<E> {
    nodes: BTreeSet<usize>,
    edges: BTreeMap<usize, BTreeMap<usize, E>>,
}

impl<E> Default for Graph<E> {
    fn default() -> Self {
        Self {
            nodes: BTreeSet::new(),
            edges: BTreeMap::new(),
        }
    }
}

impl<E> Graph<E> {
    /// Adds a node (nodes of edges are added with them).
    pub fn add_node(&mut self, node: usize) {
        self.nodes.insert(node);
    }

    /// Adds the edge `from -> to` unless it is there already.
    pub fn add_edge(&mut self, from: usize, to: usize, payload: E) {
        self.nodes.insert(from);
        self.nodes.insert(to);
        self.edges
            .entry(from)
            .or_default()
            .entry(to)
            .or_insert(payload);
    }

    /// The payload of `from -> to`.
    pub fn edge(&self, from: usize, to: usize) -> Option<&E> {
        self.edges.get(&from)?.get(&to)
    }

    /// Every edge, in order of source then target.
    pub fn edge_list(&self) -> Vec<(usize, usize)> {
        self.edges
            .iter()
            .flat_map(|(&from, targets)| targets.keys().map(move |&to| (from, to)))
            .collect()
    }

    fn successors(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        self.edges
            .get(&node)
            .into_iter()
            .flat_map(|targets| targets.keys().copied())
    }

    /// The strongly connected components of more than one node, each sorted, in order
    /// of their smallest node.
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let mut tarjan = Tarjan {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            components: Vec::new(),
        };
        for &node in &self.nodes {
            if !tarjan.index.contains_key(&node) {
                tarjan.visit(node);
            }
        }
        let mut components: Vec<Vec<usize>> = tarjan
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|mut c| {
                c.sort_unstable();
                c
            })
            .collect();
        components.sort();
        components
    }

    /// A closed walk inside `component` (a strongly connected set) from its first node
    /// through every other and back: shortest paths to the nearest node not yet
    /// passed, then home.
    pub fn closed_walk(&self, component: &[usize]) -> Vec<usize> {
        let Some(&start) = component.first() else {
            return Vec::new();
        };
        let inside: BTreeSet<usize> = component.iter().copied().collect();
        let mut left: BTreeSet<usize> = inside.clone();
        left.remove(&start);
        let mut walk = vec![start];
        let mut here = start;
        while !left.is_empty() {
            let Some(path) = self.shortest_path(here, &inside, |n| left.contains(&n)) else {
                break;
            };
            for &n in &path[1..] {
                left.remove(&n);
            }
            here = *path.last().expect("a path has its start");
            walk.extend_from_slice(&path[1..]);
        }
        if let Some(path) = self.shortest_path(here, &inside, |n| n == start) {
            walk.extend_from_slice(&path[1..]);
        }
        walk
    }

    /// Breadth-first from `from` within `inside` to the first node `goal` accepts (not
    /// `from` itself, unless by a cycle), successors in ascending order.
    fn shortest_path(
        &self,
        from: usize,
        inside: &BTreeSet<usize>,
        goal: impl Fn(usize) -> bool,
    ) -> Option<Vec<usize>> {
        let mut previous: BTreeMap<usize, usize> = BTreeMap::new();
        let mut queue = VecDeque::from([from]);
        while let Some(node) = queue.pop_front() {
            for next in self.successors(node) {
                if !inside.contains(&next) || previous.contains_key(&next) {
                    continue;
                }
                previous.insert(next, node);
                if goal(next) {
                    let mut path = vec![next];
                    let mut at = next;
                    loop {
                        at = previous[&at];
                        path.push(at);
                        if at == from {
                            break;
                        }
                    }
                    path.reverse();
                    return Some(path);
                }
                queue.push_back(next);
            }
        }
        None
    }
}

struct Tarjan<'a, E> {
    graph: &'a Graph<E>,
    index: BTreeMap<usize, usize>,
    low: BTreeMap<usize, usize>,
    stack: Vec<usize>,
    on_stack: BTreeSet<usize>,
    components: Vec<Vec<usize>>,
}

impl<E> Tarjan<'_, E> {
    fn visit(&mut self, node: usize) {
        let number = self.index.len();
        self.index.insert(node, number);
        self.low.insert(node, number);
        self.stack.push(node);
        self.on_stack.insert(node);
        let successors: Vec<usize> = self.graph.successors(node).collect();
        for next in successors {
            if !self.index.contains_key(&next) {
                self.visit(next);
                let low = self.low[&node].min(self.low[&next]);
                self.low.insert(node, low);
            } else if self.on_stack.contains(&next) {
                let low = self.low[&node].min(self.index[&next]);
                self.low.insert(node, low);
            }
        }
        if self.low[&node] == self.index[&node] {
            let mut component = Vec::new();
            while let Some(member) = self.stack.pop() {
                self.on_stack.remove(&member);
                component.push(member);
                if member == node {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(usize, usize)]) -> Graph<()> {
        let mut g = Graph::default();
        for &(a, b) in edges {
            g.add_edge(a, b, ());
        }
        g
    }

    #[test]
    fn components_of_more_than_one_node() {
        let g = graph(&[
            (0, 1),
            (1, 2),
            (2, 1),
            (3, 4),
            (4, 5),
            (5, 3),
            (5, 6),
            (6, 6),
        ]);
        assert_eq!(g.cycles(), [vec![1, 2], vec![3, 4, 5]]);
        assert!(graph(&[(0, 1), (1, 2), (0, 2)]).cycles().is_empty());
    }

    #[test]
    fn walk_passes_every_member_and_returns() {
        // 1 -> 2 -> 1 and 1 -> 3 -> 1: no simple cycle holds all three.
        let g = graph(&[(1, 2), (2, 1), (1, 3), (3, 1)]);
        let component = &g.cycles()[0];
        let walk = g.closed_walk(component);
        assert_eq!(walk, [1, 2, 1, 3, 1]);
        for pair in walk.windows(2) {
            assert!(g.edge(pair[0], pair[1]).is_some());
        }
        let ring = graph(&[(0, 1), (1, 2), (2, 0), (0, 2)]);
        assert_eq!(ring.closed_walk(&ring.cycles()[0]), [0, 1, 2, 0]);
    }
}
