// Undo as a property: long seeded random sequences of edits through the paths the window uses
// (the canvas's moves, drags and nudges, adding, removing and masking keys, methods,
// normalisers, τ, √d, every matrix entry of W, of the additive score and of every head, head
// count and dimensions), with undo and redo mixed in. The saved file after every step is
// recorded; undoing everything must give back each recorded file and finally the first byte for
// byte, and redoing everything each again up to the last. The same for the Sequence window's
// session, whose history has undo only.

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/testsettings.h"
#include "core/headpresets.h"
#include "core/scenefile.h"
#include "core/sequencefile.h"
#include "document/sceneeditor.h"
#include "methods/parameterpage.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"

#include <QTest>
#include <QUndoStack>

#include <map>
#include <random>

namespace {

/// A number in [lo, hi) from the generator's raw bits (the same on every platform).
double uniform(std::mt19937_64 &rng, double lo, double hi)
{
    return lo + (hi - lo) * double(rng() >> 11) * 0x1.0p-53;
}

int below(std::mt19937_64 &rng, int n)
{
    return n > 0 ? int(rng() % std::uint64_t(n)) : 0;
}

/// Now and then a value no edit may keep: the model refuses it and no step is made.
double entryValue(std::mt19937_64 &rng)
{
    switch (below(rng, 12)) {
    case 0:
        return std::numeric_limits<double>::quiet_NaN();
    case 1:
        return 1e308;
    case 2:
        return -0.0;
    default:
        return std::round(uniform(rng, -3, 3) * 100) / 100;
    }
}

} // namespace

class TestUndoProperty : public QObject
{
    Q_OBJECT

    testsettings::Isolated m_isolated{"tst_undoproperty"};

private slots:
    void sceneUndoRedoIsExact_data()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed = 1; seed <= 12; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }

    void sceneUndoRedoIsExact()
    {
        QFETCH(quint64, seed);
        std::mt19937_64 rng(seed);
        SceneModel model;
        SceneEditor editor(&model);
        Selection selection;
        // The canvas is not shown: its edits (moves snapped to the grid, keys added and
        // removed, nudges from the keyboard) go through the same code as on screen.
        CanvasWidget canvas(&editor, &selection);
        canvas.resize(800, 600);
        QUndoStack *stack = editor.undoStack();
        auto bytes = [&] { return attn::writeScene(model.scene()); };

        // The saved file at each index of the stack, as last seen there.
        std::map<int, std::string> files;
        files[stack->index()] = bytes();
        const std::string first = bytes();
        int steps = 0, undos = 0, refused = 0;
        for (int i = 0; i < 600; ++i) {
            const int before = stack->index();
            const int undosBefore = undos;
            const std::string was = bytes();
            const bool accepted = randomEdit(rng, model, editor, canvas, selection, &undos);
            if (!accepted)
                ++refused;
            // A refused edit changes nothing; an accepted one that made no new step merged
            // into the step below (a drag, the digits typed into one box).
            if (!accepted && (bytes() != was || stack->index() != before))
                QFAIL(qPrintable(QStringLiteral("edit %1 was refused but changed the scene or "
                                                "the history")
                                     .arg(i)));
            if (undos != undosBefore) {
                // Undo or redo in between: the scene is the one last seen at that index.
                const auto it = files.find(stack->index());
                QVERIFY(it != files.end());
                QVERIFY2(bytes() == it->second,
                         qPrintable(QStringLiteral("edit %1: undo/redo to %2 is not the scene "
                                                   "seen there")
                                        .arg(i)
                                        .arg(stack->index())));
                continue;
            }
            // A new step (or a merge into the top one) drops the states that could be redone.
            if (stack->index() == stack->count())
                files.erase(files.upper_bound(stack->index()), files.end());
            files[stack->index()] = bytes();
            steps = std::max(steps, stack->index());
        }
        if (editor.isDragging())
            editor.endDrag();
        // The end: where the sequence left the stack (maybe with steps to redo above it).
        const std::string last = bytes();
        const int top = stack->index();
        const int count = stack->count();
        QCOMPARE(int(files.size()), count + 1);
        while (stack->canUndo()) {
            stack->undo();
            QVERIFY2(bytes() == files.at(stack->index()),
                     qPrintable(QStringLiteral("undo to %1 (\"%2\")")
                                    .arg(stack->index())
                                    .arg(stack->redoText())));
        }
        QCOMPARE(stack->index(), 0);
        QVERIFY2(bytes() == first, "undoing everything is not the starting scene");
        while (stack->canRedo()) {
            stack->redo();
            QVERIFY2(bytes() == files.at(stack->index()),
                     qPrintable(QStringLiteral("redo to %1").arg(stack->index())));
        }
        QCOMPARE(stack->index(), count);
        // And back to where the sequence ended.
        stack->setIndex(top);
        QVERIFY2(bytes() == last, "undo and redo back to the end is not the last scene");
        qInfo("seed %llu: %d steps on the stack at most, %d undo/redo, %d refused edits",
              (unsigned long long)seed, steps, undos, refused);
    }

    void sequenceUndoIsExact_data()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed = 1; seed <= 8; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }

    void sequenceUndoIsExact()
    {
        QFETCH(quint64, seed);
        std::mt19937_64 rng(seed);
        SequenceSession session;
        const QStringList presets = SequenceSession::presetPaths();
        QVERIFY(!presets.isEmpty());
        QVERIFY(session.loadFile(presets.at(below(rng, int(presets.size())))));
        auto bytes = [&] { return attn::writeSequence(session.document()); };
        // The session keeps at most 200 steps; fewer edits than that keep the whole history.
        // Loading is undoable too: the history starts at `base` steps, which stay.
        const int base = session.undoDepth();
        std::vector<std::string> files{bytes()};
        const std::string first = bytes();
        // What the window continues: the keystrokes of one matrix entry, or the moves of one
        // drag, each only while the history is at the depth right after its own last edit (as
        // SequenceWindow and SequenceEmbeddingCanvas do).
        std::vector<int> last;
        int lastDepth = -1;
        for (int i = 0; i < 150; ++i) {
            const int depth = session.undoDepth();
            const attn::SequenceModel &m = session.model();
            bool continuing = false;
            std::vector<int> edit;
            switch (below(rng, 10)) {
            case 0:
            case 1:
            case 2: {
                // The same entry again half the time (the next digit typed), else another.
                if (last.size() != 6 || last[0] != 0 || rng() % 2) {
                    const int layer = below(rng, m.layerCount());
                    const int head = below(rng, std::max(1, m.headCount(layer)));
                    const int part = below(rng, 4);
                    const attn::Matrix w = session.weight(layer, head, SequenceSession::Part(part));
                    if (w.size() == 0)
                        continue;
                    edit = {
                        0, layer, head, part, below(rng, int(w.rows())), below(rng, int(w.cols()))};
                } else {
                    edit = last;
                }
                continuing = edit == last && depth == lastDepth;
                if (session.setWeightEntry(edit[1], edit[2], SequenceSession::Part(edit[3]),
                                           edit[4], edit[5], entryValue(rng), continuing))
                    last = edit, lastDepth = session.undoDepth();
                break;
            }
            case 3:
            case 4: {
                // A move of a drag of an embedding: the first move a step, the others join it.
                const attn::Matrix &e = m.weights.embedding;
                const int token =
                    last.size() == 2 && rng() % 4 ? last[1] : below(rng, int(e.rows()));
                attn::Vector row = e.row(token).transpose();
                row[below(rng, int(row.size()))] = entryValue(rng);
                edit = {1, token};
                continuing = edit == last && depth == lastDepth;
                if (session.setEmbeddingRow(token, row, continuing))
                    last = edit, lastDepth = session.undoDepth();
                break;
            }
            case 5:
                session.setPositionKind(attn::PositionKind(below(rng, 5)));
                break;
            case 6:
                session.setCausal(rng() % 2);
                break;
            case 7:
                session.setTemperature(uniform(rng, -0.5, 4));
                break;
            case 8:
                // Not undoable: the shift (undo keeps today's).
                session.setShift(below(rng, 5));
                break;
            default:
                if (session.undoDepth() > base) {
                    QVERIFY(session.undo());
                    files.pop_back();
                    QVERIFY2(bytes() == files.back(),
                             qPrintable(QStringLiteral("undo at edit %1").arg(i)));
                }
                continue;
            }
            if (edit.empty())
                last.clear();
            if (session.undoDepth() == depth + 1)
                files.push_back(bytes());
            else if (session.undoDepth() == depth && continuing)
                files.back() = bytes();
            else if (session.undoDepth() == depth)
                QVERIFY2(bytes() == files.back(),
                         qPrintable(QStringLiteral("edit %1 changed the document with no step "
                                                   "to undo it")
                                        .arg(i)));
            else
                QFAIL(qPrintable(QStringLiteral("edit %1 took the history from %2 to %3 steps")
                                     .arg(i)
                                     .arg(depth)
                                     .arg(session.undoDepth())));
            QCOMPARE(int(files.size()), session.undoDepth() - base + 1);
        }
        while (session.undoDepth() > base) {
            QVERIFY(session.undo());
            files.pop_back();
            QVERIFY2(bytes() == files.back(),
                     qPrintable(QStringLiteral("undo to %1").arg(session.undoDepth())));
        }
        QVERIFY2(bytes() == first, "undoing everything is not the starting document");
    }

private:
    /// One edit as the window makes it; true when the editor accepted it. Undo and redo (the
    /// Edit menu) count in `undos`.
    static bool randomEdit(std::mt19937_64 &rng, SceneModel &model, SceneEditor &editor,
                           CanvasWidget &canvas, Selection &selection, int *undos)
    {
        const attn::Scene &s = model.scene();
        const int keys = s.keyCount();
        auto randomHandle = [&] {
            switch (below(rng, 4)) {
            case 0:
                return VectorHandle{VectorHandle::Kind::Query, -1};
            case 1:
                return VectorHandle{VectorHandle::Kind::Key, below(rng, keys)};
            case 2:
                return VectorHandle{VectorHandle::Kind::Value, below(rng, keys)};
            default:
                return s.method == attn::Method::General
                           ? VectorHandle{VectorHandle::Kind::GeneralColumn, below(rng, 2)}
                           : VectorHandle{VectorHandle::Kind::Key, below(rng, keys)};
            }
        };
        // A drag in progress takes moves of its tip until it ends.
        static VectorHandle dragged;
        if (editor.isDragging()) {
            if (rng() % 4 == 0) {
                editor.endDrag();
                dragged = {};
                return true;
            }
            if (dragged.isValid() && !(dragged.isKeyRow() && dragged.index >= keys))
                return canvas.moveHandle(dragged,
                                         QPointF(uniform(rng, -3, 3), uniform(rng, -3, 3)));
        }
        dragged = {};
        switch (below(rng, 22)) {
        case 0:
        case 1: {
            // A drag: press (beginDrag), then moves until it ends.
            dragged = randomHandle();
            editor.beginDrag();
            return canvas.moveHandle(dragged, QPointF(uniform(rng, -3, 3), uniform(rng, -3, 3)));
        }
        case 2: {
            const VectorHandle h = randomHandle();
            attn::Vector v(2);
            v[0] = entryValue(rng);
            v[1] = entryValue(rng);
            return canvas.setVectorOf(h, v);
        }
        case 3: {
            // A nudge with the arrow keys on the selected vector.
            selection.select(randomHandle());
            static const Qt::Key arrows[] = {Qt::Key_Left, Qt::Key_Right, Qt::Key_Up, Qt::Key_Down};
            const int before = editor.undoStack()->index();
            const std::string was = attn::writeScene(s);
            QTest::keyClick(&canvas, arrows[below(rng, 4)],
                            rng() % 2 ? Qt::ShiftModifier : Qt::NoModifier);
            return editor.undoStack()->index() != before || attn::writeScene(s) != was;
        }
        case 4:
            canvas.addKeyAt(QPointF(uniform(rng, -2, 2), uniform(rng, -2, 2)));
            return true;
        case 5:
            return editor.addKeyInEmptiestDirection() >= 0;
        case 6: {
            const int before = keys;
            canvas.removeKey(below(rng, keys));
            return model.scene().keyCount() != before;
        }
        case 7:
            return editor.toggleMasked(below(rng, keys));
        case 8:
            return editor.setMethod(attn::Method(below(rng, attn::kMethodCount)));
        case 9:
            return editor.setNormaliser(attn::Normaliser(below(rng, 4)));
        case 10:
            return editor.setTemperature(rng() % 5 == 0 ? entryValue(rng) : uniform(rng, 0.05, 5));
        case 11:
            return editor.setScaleDim(rng() % 3 == 0 ? std::nullopt
                                                     : std::optional(uniform(rng, 0.5, 8)));
        case 12: {
            // An entry of W typed into its box: successive edits of one entry merge.
            attn::Matrix w = s.general.size() ? s.general : attn::Matrix::Identity(2, 2);
            const int r = below(rng, int(w.rows())), c = below(rng, int(w.cols()));
            w(r, c) = entryValue(rng);
            return editor.setGeneral(w, SceneEdit::General, -1, r * 2 + c);
        }
        case 13: {
            attn::AdditiveParams a = s.additive;
            const int part = below(rng, 4);
            attn::Matrix &m = part == 0 ? a.wq : a.wk;
            double *entry = nullptr;
            int id = 0;
            if (part < 2 && m.size()) {
                const int r = below(rng, int(m.rows())), c = below(rng, int(m.cols()));
                entry = &m(r, c);
                id = ParameterPage::entryId(part, r, c);
            } else if (part == 2 && a.b.size()) {
                const int r = below(rng, int(a.b.size()));
                entry = &a.b[r];
                id = ParameterPage::entryId(2, r, 0);
            } else if (a.v.size()) {
                const int r = below(rng, int(a.v.size()));
                entry = &a.v[r];
                id = ParameterPage::entryId(3, r, 0);
            }
            if (!entry)
                return false;
            *entry = entryValue(rng);
            return editor.setAdditive(a, SceneEdit::Additive, id);
        }
        case 14:
            return editor.setAdditive(
                attn::presets::withHiddenSize(s.additive, 1 + below(rng, 6), rng()),
                SceneEdit::HiddenSize);
        case 15: {
            attn::MultiHeadParams m = s.multiHead;
            if (m.heads.empty())
                return false;
            const int h = below(rng, int(m.heads.size()));
            const int part = below(rng, 3);
            attn::Matrix &w =
                part == 0 ? m.heads[h].wq : (part == 1 ? m.heads[h].wk : m.heads[h].wv);
            if (!w.size())
                return false;
            const int r = below(rng, int(w.rows())), c = below(rng, int(w.cols()));
            w(r, c) = entryValue(rng);
            return editor.setMultiHead(m, SceneEdit::Head, h, ParameterPage::entryId(part, r, c));
        }
        case 16: {
            attn::MultiHeadParams m = s.multiHead;
            if (!m.wo.size())
                return false;
            const int r = below(rng, int(m.wo.rows())), c = below(rng, int(m.wo.cols()));
            m.wo(r, c) = entryValue(rng);
            return editor.setMultiHead(m, SceneEdit::Output, -1, ParameterPage::entryId(0, r, c));
        }
        case 17:
            return editor.setMultiHead(attn::presets::withHeadCount(s.multiHead, 1 + below(rng, 4)),
                                       SceneEdit::HeadCount);
        case 18:
            if (s.multiHead.heads.empty())
                return false;
            return rng() % 2 ? editor.setMultiHead(
                                   attn::presets::withValueDim(s.multiHead, 1 + below(rng, 2)),
                                   SceneEdit::ValueDim)
                             : editor.setMultiHead(attn::presets::withKeyDim(
                                                       s.multiHead,
                                                       below(rng, int(s.multiHead.heads.size())),
                                                       1 + below(rng, 2)),
                                                   SceneEdit::KeyDim);
        case 19:
        case 20:
            // The Edit menu's Undo and Redo in between.
            ++*undos;
            if (rng() % 3 != 0 && editor.undoStack()->canUndo())
                editor.undoStack()->undo();
            else if (editor.undoStack()->canRedo())
                editor.undoStack()->redo();
            return true;
        default:
            return editor.setMasked(below(rng, keys), rng() % 2);
        }
    }
};

QTEST_MAIN(TestUndoProperty)
#include "tst_undoproperty.moc"
