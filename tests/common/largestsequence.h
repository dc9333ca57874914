#pragma once

// A sequence document at every limit of docs/sequence-format.md at once: 4 layers of 8 heads,
// D = 64, a learned table of 64 rows, 256 names, 1024 examples and 1024 held-out ones of 64
// tokens with targets, the names as long as the 32 MiB limit of the file then allows (all the
// limits together would pass it): the largest file the window must open without freezing (the
// tests and bench_longwork).

#include "core/sequencedocument.h"
#include "core/sequencefile.h"

#include <algorithm>
#include <string>

namespace testfiles {

inline std::string largestSequenceName(int i, int bytes)
{
    std::string s = "token-" + std::to_string(i) + "-"; // unique
    s.resize(std::size_t(bytes), 'x');
    return s;
}

inline attn::SequenceDocument largestSequence(int nameBytes)
{
    attn::SequenceDocument d;
    attn::SequenceModel &m = d.model;
    for (int i = 0; i < attn::kMaxVocabulary; ++i)
        m.vocabulary.push_back(largestSequenceName(i, nameBytes));
    m.outputs = m.vocabulary;
    m.dModel = attn::kMaxSequenceDim;
    m.positions = attn::PositionKind::Learned;
    m.causal = true;
    const int D = m.dModel;
    m.weights.embedding = attn::sequenceDefaultMatrix("embedding", attn::kMaxVocabulary, D);
    m.weights.positionTable =
        attn::sequenceDefaultMatrix("positions.table", attn::kMaxExampleTokens, D);
    for (int l = 0; l < attn::kMaxSequenceLayers; ++l) {
        attn::SequenceLayerWeights layer;
        const std::string at = "layers[" + std::to_string(l) + "]";
        for (int h = 0; h < attn::kMaxSequenceHeads; ++h) {
            const std::string head = at + ".heads[" + std::to_string(h) + "].";
            layer.heads.push_back({attn::sequenceDefaultMatrix(head + "wq", D, D),
                                   attn::sequenceDefaultMatrix(head + "wk", D, D),
                                   attn::sequenceDefaultMatrix(head + "wv", D, D)});
        }
        layer.wo = attn::sequenceDefaultMatrix(at + ".wo", D, D * attn::kMaxSequenceHeads);
        m.weights.layers.push_back(std::move(layer));
    }
    m.weights.unembedding = attn::sequenceDefaultMatrix("unembedding", attn::kMaxVocabulary, D);
    auto example = [](int e) {
        attn::SequenceExample x;
        for (int t = 0; t < attn::kMaxExampleTokens; ++t) {
            x.tokens.push_back((e * 31 + t * 7) % attn::kMaxVocabulary);
            x.targets.push_back((e * 17 + t * 5 + 1) % attn::kMaxVocabulary);
        }
        return x;
    };
    for (int e = 0; e < attn::kMaxExamples; ++e) {
        d.examples.push_back(example(e));
        d.heldOut.push_back(example(e + attn::kMaxExamples));
    }
    return d;
}

/// The written file with the longest names that keep it within the limit. Each byte of the names
/// adds about one byte per place a name is written (the vocabulary, every token and target):
/// measured at 8 bytes, the estimate is then checked (each write of 30 MB takes a while, more so
/// under the sanitizers).
inline std::string largestSequenceText()
{
    const std::size_t small = attn::writeSequence(largestSequence(8)).size();
    const std::size_t places = std::size_t(attn::kMaxVocabulary) +
                               4 * std::size_t(attn::kMaxExamples) * attn::kMaxExampleTokens;
    int bytes = 8;
    if (small < attn::kMaxSequenceBytes)
        bytes = int(std::min<std::size_t>(attn::kMaxTokenNameBytes,
                                          8 + (attn::kMaxSequenceBytes - small) / places));
    for (;; --bytes) {
        std::string text = attn::writeSequence(largestSequence(bytes));
        if (text.size() <= attn::kMaxSequenceBytes || bytes <= 8)
            return text;
    }
}

} // namespace testfiles
