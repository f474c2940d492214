import mongoose, { Schema } from 'mongoose';

/**
 * One issued number of a series, bound to the document it numbers in the insert that takes it:
 * the `_id` is the number ('VNY/26-27/000001'), and (series, documentId) is unique, so a number
 * never belongs to nobody and a document never gets two, whatever dies afterwards.
 */
const documentNumberSchema = new Schema(
  {
    _id: { type: String, required: true },
    series: { type: String, required: true },
    fy: { type: String, required: true },
    seq: { type: Number, required: true },
    /** The order's id for an invoice, the refund's key for a credit note. */
    documentId: { type: String, required: true },
    /** When the number was taken: the document's date, so dates rise with the numbers. */
    date: { type: Date, required: true },
  },
  { versionKey: false, collection: 'document_numbers' },
);
documentNumberSchema.index({ series: 1, documentId: 1 }, { unique: true });
documentNumberSchema.index({ series: 1, fy: 1, seq: -1 });
export const DocumentNumberModel = mongoose.model('DocumentNumber', documentNumberSchema);

export interface DocumentNumberDoc {
  _id: string;
  seq: number;
  date: Date;
}
