//! Types the user (or the files' metadata) declared, over the inferred ones — only where the
//! values allow it, so the exact path never reads "Lisbon" as a number.

use super::infer::is_categorical;
use super::types::{ColumnSchema, ColumnType, Shape, TableSchema, ValueFormat};
use crate::description::DatasetDescription;

impl ColumnType {
    /// The type a description names: the names `as_str` writes, plus common synonyms.
    pub fn from_name(name: &str) -> Option<ColumnType> {
        Some(match name.trim().to_ascii_lowercase().as_str() {
            "integer" | "int" => ColumnType::Integer,
            "decimal" | "number" | "float" | "double" => ColumnType::Decimal,
            "date" => ColumnType::Date,
            "datetime" | "timestamp" => ColumnType::Datetime,
            "boolean" | "bool" => ColumnType::Boolean,
            "identifier" | "id" => ColumnType::Identifier,
            "text" | "string" => ColumnType::Text,
            _ => return None,
        })
    }

    /// Every type, in the order a picker lists them.
    pub const ALL: [ColumnType; 7] = [
        ColumnType::Text,
        ColumnType::Integer,
        ColumnType::Decimal,
        ColumnType::Date,
        ColumnType::Datetime,
        ColumnType::Boolean,
        ColumnType::Identifier,
    ];
}

/// Sets `column` to the `declared` type when its values allow it: any column can be read as text
/// or identifiers (integers count as decimals); other changes need values inference typed so.
pub fn declare(table: &str, rows: u64, column: &mut ColumnSchema, declared: &str) -> Result<(), String> {
    let Some(ty) = ColumnType::from_name(declared) else {
        return Err(format!("{table}, column {}: \"{declared}\" is not a type (use one of {})", column.name, type_names()));
    };
    // Integers are decimals already: metadata often says "number" for them.
    if ty == column.ty || column.shape != Shape::Scalar || (ty == ColumnType::Decimal && column.ty == ColumnType::Integer) {
        return Ok(());
    }
    let allowed = matches!(ty, ColumnType::Text | ColumnType::Identifier);
    if !allowed {
        return Err(format!(
            "{table}, column {}: its values are not all {} values, so it stays {}",
            column.name,
            ty.as_str(),
            column.ty.as_str()
        ));
    }
    column.format = ValueFormat::Plain;
    column.ty = ty;
    // The categorical rule again, for the new type.
    column.categorical = is_categorical(ty, rows.saturating_sub(column.missing), column.distinct);
    Ok(())
}

/// Applies every declared type of `description` to `schema`; what could not be applied, as notes.
pub fn apply_declared(schema: &mut TableSchema, description: &DatasetDescription) -> Vec<String> {
    let mut notes = Vec::new();
    for column in &mut schema.columns {
        let Some(declared) = description.column(&schema.name, &column.name).and_then(|c| c.ty.clone()) else {
            continue;
        };
        if let Err(e) = declare(&schema.name, schema.rows, column, &declared) {
            notes.push(e);
        }
    }
    notes
}

fn type_names() -> String {
    ColumnType::ALL.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::ColumnDescription;
    use crate::schema::infer_table;
    use crate::table::{ColumnHeader, Table, Value};

    fn table() -> Table {
        let rows = [("1000", "Lisbon", "3"), ("1100", "Porto", "4"), ("1200", "Lisbon", "5"), ("1300", "Porto", "6")];
        Table {
            name: "offices".into(),
            file: "offices.csv".into(),
            columns: ["postcode", "city", "staff"].iter().map(|n| ColumnHeader::single(*n)).collect(),
            rows: rows.iter().map(|(a, b, c)| vec![Value::Text((*a).into()), Value::Text((*b).into()), Value::Text((*c).into())]).collect(),
            context: None,
            transposed: false,
            transpose_suggested: false,
        }
    }

    fn described(pairs: &[(&str, &str)]) -> DatasetDescription {
        DatasetDescription {
            columns: pairs
                .iter()
                .map(|(n, t)| ColumnDescription { name: (*n).into(), ty: Some((*t).into()), ..Default::default() })
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn numbers_can_be_read_as_text_and_integers_count_as_decimals() {
        let t = table();
        let mut s = infer_table(&t);
        assert!(s.columns[0].ty.is_numeric());
        let notes = apply_declared(&mut s, &described(&[("postcode", "text"), ("staff", "decimal")]));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(s.columns[0].ty, ColumnType::Text);
        assert_eq!(s.columns[0].format, ValueFormat::Plain);
        assert_eq!(s.columns[2].ty, ColumnType::Integer);
    }

    #[test]
    fn a_type_the_values_do_not_allow_is_refused_with_the_column_named() {
        let t = table();
        let mut s = infer_table(&t);
        let notes = apply_declared(&mut s, &described(&[("city", "integer"), ("staff", "colour")]));
        assert_eq!(s.columns[1].ty, ColumnType::Text);
        assert_eq!(notes.len(), 2);
        assert!(notes[0].contains("offices, column city") && notes[0].contains("stays text"), "{}", notes[0]);
        assert!(notes[1].contains("\"colour\" is not a type"), "{}", notes[1]);
    }

    #[test]
    fn every_type_name_reads_back() {
        for t in ColumnType::ALL {
            assert_eq!(ColumnType::from_name(t.as_str()), Some(t));
        }
    }
}
