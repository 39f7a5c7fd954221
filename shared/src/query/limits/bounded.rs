//! A pass-through plan node put above every operator of a physical plan: each batch an operator
//! produces is counted against the statement's `Budget` before its parent sees it, so a runaway
//! join or projection stops at the next batch instead of running until the process aborts.

use std::sync::Arc;

use datafusion::arrow::datatypes::SchemaRef;
use datafusion::common::tree_node::TreeNodeRecursion;
use datafusion::common::Result;
use datafusion::execution::{SendableRecordBatchStream, TaskContext};
use datafusion::physical_expr::PhysicalExpr;
use datafusion::physical_plan::execution_plan::{replace_children_if_necessary, ReplaceChildrenOptions};
use datafusion::physical_plan::stream::RecordBatchStreamAdapter;
use datafusion::physical_plan::{DisplayAs, DisplayFormatType, ExecutionPlan, PlanProperties};
use futures::StreamExt;

use super::budget::Budget;

/// Wraps every node of `plan` (children first) in a `Bounded` node charging `budget`.
pub(crate) fn bound(plan: Arc<dyn ExecutionPlan>, budget: &Arc<Budget>) -> Result<Arc<dyn ExecutionPlan>> {
    let children: Vec<Arc<dyn ExecutionPlan>> = plan.children().into_iter().map(|c| bound(Arc::clone(c), budget)).collect::<Result<_>>()?;
    let leaf = children.is_empty();
    let plan = if leaf { plan } else { replace_children_if_necessary(plan, children)? };
    Ok(Arc::new(Bounded { input: plan, budget: Arc::clone(budget), leaf }))
}

#[derive(Debug)]
struct Bounded {
    input: Arc<dyn ExecutionPlan>,
    budget: Arc<Budget>,
    /// A scan of a registered table: its batches are already in memory, only their rows count.
    leaf: bool,
}

impl DisplayAs for Bounded {
    fn fmt_as(&self, _t: DisplayFormatType, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bounded")
    }
}

impl ExecutionPlan for Bounded {
    fn name(&self) -> &str {
        "Bounded"
    }

    /// Invisible to downcasts: operators that look at their child's type see the real one.
    fn downcast_delegate(&self) -> Option<&dyn ExecutionPlan> {
        Some(self.input.as_ref())
    }

    fn schema(&self) -> SchemaRef {
        self.input.schema()
    }

    fn properties(&self) -> &Arc<PlanProperties> {
        self.input.properties()
    }

    fn maintains_input_order(&self) -> Vec<bool> {
        vec![true]
    }

    fn children(&self) -> Vec<&Arc<dyn ExecutionPlan>> {
        vec![&self.input]
    }

    fn apply_expressions(&self, _f: &mut dyn FnMut(&Arc<dyn PhysicalExpr>) -> Result<TreeNodeRecursion>) -> Result<TreeNodeRecursion> {
        Ok(TreeNodeRecursion::Continue)
    }

    fn replace_children(
        self: Arc<Self>,
        mut children: Vec<Arc<dyn ExecutionPlan>>,
        _options: ReplaceChildrenOptions,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        if children.len() != 1 {
            return Err(datafusion::common::DataFusionError::Internal("Bounded has one child".into()));
        }
        Ok(Arc::new(Bounded { input: children.swap_remove(0), budget: Arc::clone(&self.budget), leaf: self.leaf }))
    }

    #[allow(deprecated)]
    fn with_new_children(self: Arc<Self>, children: Vec<Arc<dyn ExecutionPlan>>) -> Result<Arc<dyn ExecutionPlan>> {
        self.replace_children(
            children,
            ReplaceChildrenOptions::new(datafusion::physical_plan::execution_plan::ChildrenPropertiesMode::Recompute),
        )
    }

    fn execute(&self, partition: usize, context: Arc<TaskContext>) -> Result<SendableRecordBatchStream> {
        self.budget.check_time()?;
        let inner = self.input.execute(partition, context)?;
        let (budget, leaf) = (Arc::clone(&self.budget), self.leaf);
        let schema = inner.schema();
        let checked = inner.map(move |r| r.and_then(|b| budget.account(&b, leaf).map(|()| b)));
        Ok(Box::pin(RecordBatchStreamAdapter::new(schema, checked)))
    }
}
